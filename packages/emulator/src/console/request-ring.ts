import { ByteRing } from './byte-ring.js';
import type { KeptRequest } from './request-entry.js';
import type { LoggedRequest, RequestFilter } from './logged-request.js';

/** The share of the bound the byte ring takes, for the requests' texts; the rest is for the entries' objects and views. */
const RING_SHARE = 3 / 4;

/**
 * The kept requests, oldest first, bounded in bytes: their texts in one {@link ByteRing} of
 * three quarters of `maxBytes` (off the JS heap, allocated at the first request), their entry
 * objects and masked views (each entry's {@link KeptRequest.size}) in the rest. Past either the
 * oldest go (counted in `dropped`): those the ring has written over, then those past the objects'
 * share; the newest always stays (one larger than the ring held aside). Indexed by
 * `oauth_signature` for {@link RequestRing.bySignature}, and by id (entries are kept in id order)
 * for {@link RequestRing.byId}.
 */
export class RequestRing {
  /** Where the entries keep their texts. */
  readonly texts: ByteRing;
  #entries: KeptRequest[] = [];
  #head = 0;
  #objectBytes = 0;
  #dropped = 0;
  readonly #signatures = new Map<string, KeptRequest>();
  readonly #maxObjectBytes: number;
  readonly #pathPrefix: string;

  constructor(maxBytes: number, pathPrefix: string) {
    const ringBytes = Math.floor(maxBytes * RING_SHARE);
    this.texts = new ByteRing(ringBytes);
    this.#maxObjectBytes = maxBytes - ringBytes;
    this.#pathPrefix = pathPrefix;
  }

  /** How many were dropped as the oldest. */
  get dropped(): number {
    return this.#dropped;
  }

  /** What the kept entries hold together, in bytes: their texts in the ring and their objects (at most `maxBytes`, or the one newest entry). */
  get bytes(): number {
    const oldest = this.#entries[this.#head];
    return (oldest === undefined ? 0 : this.texts.written - oldest.position) + this.#objectBytes;
  }

  keep(entry: KeptRequest): void {
    const entries = this.#entries;
    entries.push(entry);
    if (entry.signature !== undefined) this.#signatures.set(entry.signature, entry);
    this.#objectBytes += entry.size;
    this.#trim();
  }

  /** The entry masked as the inspector shows it; what it holds is counted again (the view replaces its shown parts). */
  view(entry: KeptRequest): LoggedRequest {
    const before = entry.size;
    const view = entry.view(this.#pathPrefix);
    this.#grew(entry, before);
    return view;
  }

  /** Counts `entry` again after its view changed (a diagnosis added to it). */
  remeasure(entry: KeptRequest): void {
    const before = entry.size;
    entry.remeasure();
    this.#grew(entry, before);
  }

  /** The newest kept request signed with `signature`. */
  bySignature(signature: string): KeptRequest | undefined {
    return this.#signatures.get(signature);
  }

  /** The kept request with this id, if it is still kept. */
  byId(id: number): KeptRequest | undefined {
    let low = this.#head;
    let high = this.#entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const entry = this.#entries[middle] as KeptRequest;
      if (entry.id === id) return entry;
      if (entry.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** The kept requests matching `filter`, newest first, masked. */
  list(filter: RequestFilter): LoggedRequest[] {
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
    const out: LoggedRequest[] = [];
    // Views made while listing are counted after it (the bound is applied as the next request is kept).
    for (let i = this.#entries.length - 1; i >= this.#head && out.length < limit; i--) {
      const kept = this.#entries[i] as KeptRequest;
      if (filter.before !== undefined && kept.id >= filter.before) continue;
      if (filter.refused === true && kept.status < 400) continue;
      if (filter.refused === false && kept.status >= 400) continue;
      const entry = this.view(kept);
      if (filter.operation !== undefined && entry.operation !== filter.operation) continue;
      if (filter.login !== undefined && entry.login !== filter.login) continue;
      if (filter.order !== undefined && !entry.orders.includes(filter.order)) continue;
      out.push(entry);
    }
    return out;
  }

  // A kept entry's size changed: counted, and applied to the bound when the next request is kept.
  #grew(entry: KeptRequest, before: number): void {
    if (this.byId(entry.id) === entry) this.#objectBytes += entry.size - before;
  }

  #trim(): void {
    const entries = this.#entries;
    const oldestWhole = this.texts.oldestWhole;
    for (;;) {
      const gone = entries[this.#head] as KeptRequest;
      if (entries.length - this.#head <= 1 || (gone.position >= oldestWhole && this.#objectBytes <= this.#maxObjectBytes)) break;
      this.#objectBytes -= gone.size;
      if (gone.signature !== undefined && this.#signatures.get(gone.signature) === gone) this.#signatures.delete(gone.signature);
      entries[this.#head] = undefined as unknown as KeptRequest;
      this.#head++;
      this.#dropped++;
    }
    // Compact now and then, so the array does not grow for ever.
    if (this.#head > 1024 && this.#head * 2 > entries.length) {
      entries.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
