/**
 * The recurring payments by the epoch day of their next charge: a binary min-heap with lazy
 * removal. `set(id, day)` files a payment under a new day (or under none, `undefined`); the entry
 * it had stays in the heap but no longer counts. `takeThrough(day)` removes and returns every
 * payment due on or before `day`, so a run costs O(k log n) for its k due payments, whatever the
 * number of stored ones.
 *
 * @example
 * ```ts
 * const index = new NextChargeIndex();
 * index.set('rp-1', 19_800);
 * index.set('rp-2', 19_790);
 * index.set('rp-1', undefined); // no charge left
 * index.takeThrough(19_799); // ['rp-2']
 * ```
 */
export class NextChargeIndex {
  /** Each payment's current day; a heap entry whose day differs is stale. */
  readonly #dayOf = new Map<string, number>();
  #heap: { day: number; id: string }[] = [];

  /** Files `id` under `day` (its next charge), or takes it out with `undefined`. */
  set(id: string, day: number | undefined): void {
    if (day === undefined) {
      this.#dayOf.delete(id);
      return;
    }
    if (this.#dayOf.get(id) === day) return;
    this.#dayOf.set(id, day);
    this.#push({ day, id });
    // Stale entries are dropped when popped; rebuild when they outnumber the live ones.
    if (this.#heap.length > 64 && this.#heap.length > 2 * this.#dayOf.size) this.#rebuild();
  }

  /** The day `id` is filed under, if any. */
  get(id: string): number | undefined {
    return this.#dayOf.get(id);
  }

  /** Removes and returns the ids filed on or before `day`, earliest day first. */
  takeThrough(day: number): string[] {
    const due: string[] = [];
    while (this.#heap.length > 0 && (this.#heap[0] as { day: number }).day <= day) {
      const top = this.#pop();
      if (this.#dayOf.get(top.id) !== top.day) continue;
      this.#dayOf.delete(top.id);
      due.push(top.id);
    }
    return due;
  }

  #rebuild(): void {
    this.#heap = [];
    for (const [id, day] of this.#dayOf) this.#push({ day, id });
  }

  #push(entry: { day: number; id: string }): void {
    const heap = this.#heap;
    heap.push(entry);
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if ((heap[parent] as { day: number }).day <= entry.day) break;
      heap[child] = heap[parent] as { day: number; id: string };
      child = parent;
    }
    heap[child] = entry;
  }

  #pop(): { day: number; id: string } {
    const heap = this.#heap;
    const top = heap[0] as { day: number; id: string };
    const last = heap.pop() as { day: number; id: string };
    if (heap.length > 0) {
      let parent = 0;
      for (;;) {
        let child = 2 * parent + 1;
        if (child >= heap.length) break;
        const right = heap[child + 1];
        if (right !== undefined && right.day < (heap[child] as { day: number }).day) child++;
        const smaller = heap[child] as { day: number; id: string };
        if (smaller.day >= last.day) break;
        heap[parent] = smaller;
        parent = child;
      }
      heap[parent] = last;
    }
    return top;
  }
}
