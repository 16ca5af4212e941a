import type { KeptRequest } from './request-entry.js';
import type { LoggedRequest, RequestFilter } from './logged-request.js';

/**
 * The kept requests, oldest first, bounded in bytes: past `maxBytes` the oldest go (counted in
 * `dropped`), the newest always stays. Indexed by `oauth_signature` for {@link RequestRing.bySignature}.
 */
export class RequestRing {
  #entries: KeptRequest[] = [];
  #head = 0;
  #bytes = 0;
  #dropped = 0;
  readonly #signatures = new Map<string, KeptRequest>();
  readonly #maxBytes: number;
  readonly #pathPrefix: string;

  constructor(maxBytes: number, pathPrefix: string) {
    this.#maxBytes = maxBytes;
    this.#pathPrefix = pathPrefix;
  }

  /** How many were dropped as the oldest. */
  get dropped(): number {
    return this.#dropped;
  }

  keep(entry: KeptRequest): void {
    const entries = this.#entries;
    entries.push(entry);
    if (entry.signature !== undefined) this.#signatures.set(entry.signature, entry);
    this.#bytes += entry.size;
    while (this.#bytes > this.#maxBytes && entries.length - this.#head > 1) {
      const gone = entries[this.#head] as KeptRequest;
      this.#bytes -= gone.size;
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

  /** The newest kept request signed with `signature`. */
  bySignature(signature: string): KeptRequest | undefined {
    return this.#signatures.get(signature);
  }

  /** The kept requests matching `filter`, newest first, masked. */
  list(filter: RequestFilter): LoggedRequest[] {
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
    const out: LoggedRequest[] = [];
    for (let i = this.#entries.length - 1; i >= this.#head && out.length < limit; i--) {
      const kept = this.#entries[i] as KeptRequest;
      if (filter.before !== undefined && kept.id >= filter.before) continue;
      if (filter.refused === true && kept.status < 400) continue;
      if (filter.refused === false && kept.status >= 400) continue;
      const entry = kept.view(this.#pathPrefix);
      if (filter.operation !== undefined && entry.operation !== filter.operation) continue;
      if (filter.login !== undefined && entry.login !== filter.login) continue;
      if (filter.order !== undefined && !entry.orders.includes(filter.order)) continue;
      out.push(entry);
    }
    return out;
  }
}
