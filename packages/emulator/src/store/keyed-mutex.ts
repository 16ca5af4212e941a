/** Releases what {@link KeyedMutex.lock} acquired. */
export type Release = () => void;

/**
 * Mutual exclusion per key: `lock(keys)` waits until no other holder has any of those keys.
 * Keys are taken in sorted order, so two callers wanting overlapping sets cannot deadlock.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<void>>();

  async lock(keys: Iterable<string>): Promise<Release> {
    const releases: Release[] = [];
    for (const key of [...new Set(keys)].sort()) releases.push(await this.#lockOne(key));
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  async #lockOne(key: string): Promise<Release> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.#tails.set(key, tail);
    await previous;
    return () => {
      release();
      // Forget the key once nobody queues behind us, so the map does not grow with every id ever seen.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
  }
}
