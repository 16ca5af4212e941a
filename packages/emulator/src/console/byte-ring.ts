// The request log's texts, as UTF-8 in one preallocated buffer outside the JS heap: a request leaves
// behind only its small entry object, so that 50,000 requests do not promote 50,000 sets of strings
// into old space to die there (issue #36). Read back, decoded, only when an entry is shown,
// diagnosed or checked.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A ring of bytes written in place, each record's texts one after another and never split by the
 * ring's end (a record that would be starts again at its beginning). Positions are absolute (they
 * only grow); a record whose start is before {@link ByteRing.oldestWhole} has been overwritten.
 *
 * @example
 * ```ts
 * const ring = new ByteRing(1024);
 * const lengths: number[] = [];
 * const at = ring.write(['GET', 'http://127.0.0.1/'], lengths); // 0; lengths [3, 17]
 * ring.read(at + lengths[0], lengths[1]); // 'http://127.0.0.1/'
 * ```
 */
export class ByteRing {
  readonly capacity: number;
  // Allocated at the first write (an emulator nobody sends to holds none of it).
  #bytes: Uint8Array | undefined;
  #written = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Bytes written since the start (the next record's position, or past it when the next one wraps). */
  get written(): number {
    return this.#written;
  }

  /** The first position still whole: a record that started before it has been written over. */
  get oldestWhole(): number {
    return this.#written - this.capacity;
  }

  /**
   * Writes `texts` one after another as one record, their byte lengths into `lengths`: its position,
   * or `undefined` when it cannot fit in the ring at all (then nothing is written: the records
   * kept stay whole).
   */
  write(texts: readonly string[], lengths: number[]): number | undefined {
    // A UTF-16 unit is 1 to 3 bytes: counted exactly only for a record near the capacity.
    let units = 0;
    for (const text of texts) units += text.length;
    if (units > this.capacity || (units * 3 > this.capacity && texts.reduce((sum, text) => sum + encoder.encode(text).length, 0) > this.capacity))
      return undefined;
    this.#bytes ??= new Uint8Array(this.capacity);
    const bytes = this.#bytes;
    for (;;) {
      const start = this.#written % this.capacity;
      let offset = start;
      let fits = true;
      for (let i = 0; i < texts.length; i++) {
        const text = texts[i] as string;
        const { read, written } = encoder.encodeInto(text, bytes.subarray(offset));
        if (read < text.length) {
          fits = false;
          break;
        }
        lengths[i] = written;
        offset += written;
      }
      if (fits) {
        const at = this.#written;
        this.#written += offset - start;
        return at;
      }
      // The ring's end is skipped: the record starts again at the beginning.
      this.#written += this.capacity - start;
    }
  }

  /** The text of `length` bytes at absolute position `at` (of a record still whole). */
  read(at: number, length: number): string {
    if (length === 0 || this.#bytes === undefined) return '';
    const offset = at % this.capacity;
    return decoder.decode(this.#bytes.subarray(offset, offset + length));
  }
}
