// A NonceStore shared by every isolate of the proxy on Cloudflare: one Durable Object per scope
// holds the used keys (the proxy has one scope for all its HMAC callers, so one object). A Durable
// Object runs single-threaded in one place, so its check-and-set is strongly consistent; this file
// is imported by the Cloudflare entry only.
import type { NonceStore } from '@paysign/oauth-core/webcrypto';
import { StaleNonceError } from './stale-nonce.js';

/**
 * The parts of a Durable Object's `state.storage` (the key-value API) the store uses.
 *
 * @example
 * ```ts
 * import { PaysignNonceStore, type DurableObjectStorageLike } from '@paysign/edge/cloudflare';
 *
 * // In a test: a Map-backed storage for PaysignNonceStore (Workers hands the real state.storage).
 * const storage: DurableObjectStorageLike = createTestStorage();
 * const store = new PaysignNonceStore({ storage });
 * ```
 */
export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  get<T>(keys: string[]): Promise<Map<string, T>>;
  put(entries: Record<string, unknown>): Promise<void>;
  delete(keys: string[]): Promise<number>;
  list<T>(options: { prefix?: string; start?: string; end?: string; limit?: number }): Promise<Map<string, T>>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
}

/**
 * The Durable Object state the runtime hands to the class's constructor.
 *
 * @example
 * ```ts
 * import { PaysignNonceStore, type DurableObjectStateLike } from '@paysign/edge/cloudflare';
 *
 * const state: DurableObjectStateLike = { storage: createTestStorage() };
 * const object = new PaysignNonceStore(state, { PAYSIGN_NONCE_MAX_ENTRIES: '1000' });
 * ```
 */
export interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

/**
 * A Durable Object namespace binding (`env.PAYSIGN_NONCE_STORE`).
 *
 * @example
 * ```ts
 * import { createDurableObjectNonceStore, type DurableObjectNamespaceLike } from '@paysign/edge/cloudflare';
 *
 * const namespace = env.PAYSIGN_NONCE_STORE as DurableObjectNamespaceLike;
 * const nonceStore = createDurableObjectNonceStore(namespace);
 * ```
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** Seconds a key is kept past its expiry, for clock differences between proxy isolates and the object. */
const GRACE_SECONDS = 60;
/** Live keys one object (one scope) holds before it answers `full`. */
const DEFAULT_MAX_ENTRIES = 100_000;
/** Expired keys dropped per step of a sweep. */
const SWEEP_BATCH = 128;
const REMEMBER_URL = 'https://paysign-nonce-store/remember';

type Outcome = 'new' | 'seen' | 'full' | 'stale';

// Index keys sort by expiry: the milliseconds, zero-padded, then the key.
const pad = (ms: number): string => String(ms).padStart(16, '0');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The Durable Object class of the shared nonce store. Export it from the worker's main module and
 * bind it in wrangler as `PAYSIGN_NONCE_STORE`; the Cloudflare entry then uses it on its own. Each
 * object (one per scope; the proxy has one scope for all its HMAC callers) keeps at most
 * `PAYSIGN_NONCE_MAX_ENTRIES` live keys (default 100,000), each until its expiry plus 60 s; expired
 * keys are dropped as new ones arrive and by an alarm when traffic stops. Requests are handled one at a time, so two
 * isolates presenting the same key get `new` once and `seen` after.
 *
 * @example
 * ```ts
 * // src/worker.ts; wrangler.toml: [[durable_objects.bindings]] name = "PAYSIGN_NONCE_STORE", class_name = "PaysignNonceStore"
 * import { createCloudflareWorker, PaysignNonceStore } from '@paysign/edge/cloudflare';
 * export { PaysignNonceStore };
 * export default createCloudflareWorker();
 * ```
 */
export class PaysignNonceStore {
  private readonly storage: DurableObjectStorageLike;
  private readonly maxEntries: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(state: DurableObjectStateLike, env?: Readonly<Record<string, unknown>>) {
    this.storage = state.storage;
    const max = Number(env?.PAYSIGN_NONCE_MAX_ENTRIES);
    this.maxEntries = Number.isSafeInteger(max) && max > 0 ? max : DEFAULT_MAX_ENTRIES;
  }

  /** Answers `POST /remember` with `{ key, expiresAt }` as `{ result: 'new' | 'seen' | 'full' | 'stale' }`. */
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/remember') return json({ error: 'POST /remember only' }, 404);
    let input: { key?: unknown; expiresAt?: unknown };
    try {
      input = (await request.json()) as typeof input;
    } catch {
      return json({ error: 'the body must be JSON' }, 400);
    }
    const { key, expiresAt } = input ?? {};
    if (typeof key !== 'string' || key === '' || key.length > 512) return json({ error: 'key must be a string of 1 to 512 characters' }, 400);
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return json({ error: 'expiresAt must be a finite number of seconds' }, 400);
    // One at a time: the check and the set of one request never interleave with another's.
    const outcome = this.queue.then(() => this.remember(key, expiresAt, Date.now()));
    this.queue = outcome.catch(() => undefined);
    return json({ result: await outcome });
  }

  /** Drops expired keys, then schedules itself for the next expiry, if any. */
  async alarm(): Promise<void> {
    const run = this.queue.then(async () => {
      const now = Date.now();
      while ((await this.sweep(now)) === SWEEP_BATCH);
      const next = await this.storage.list<number>({ prefix: 'x:', limit: 1 });
      const first = [...next.keys()][0];
      if (first !== undefined) await this.storage.setAlarm(Number(first.slice(2, 18)) + 1);
    });
    this.queue = run.catch(() => undefined);
    await run;
  }

  private async remember(key: string, expiresAt: number, now: number): Promise<Outcome> {
    const keepUntil = Math.ceil((expiresAt + GRACE_SECONDS) * 1000);
    // Already past its keep-until by this object's clock (the isolate's clock is more than the
    // grace behind): stale, never new, since a key not kept could be presented again and again.
    if (keepUntil <= now) return 'stale';
    const current = await this.storage.get<number>(`k:${key}`);
    if (current !== undefined && current > now) return 'seen';
    let count = await this.sweep(now);
    let live = (await this.storage.get<number>('count')) ?? 0;
    while (live >= this.maxEntries && count === SWEEP_BATCH) {
      count = await this.sweep(now);
      live = (await this.storage.get<number>('count')) ?? 0;
    }
    // A key still stored (expired, not yet swept) is counted already.
    const stored = (await this.storage.get<number>(`k:${key}`)) !== undefined;
    if (!stored && live >= this.maxEntries) return 'full';
    await this.storage.put({ [`k:${key}`]: keepUntil, [`x:${pad(keepUntil)}:${key}`]: 1, count: stored ? live : live + 1 });
    try {
      const alarm = await this.storage.getAlarm();
      if (alarm === null || alarm > keepUntil + 1) await this.storage.setAlarm(keepUntil + 1);
    } catch {
      // Alarms only free storage sooner; the sweep on every call keeps the object bounded.
    }
    return 'new';
  }

  // Drops up to SWEEP_BATCH expired keys (those kept until `now` or earlier); returns how many index entries it read.
  private async sweep(now: number): Promise<number> {
    const due = await this.storage.list<number>({ prefix: 'x:', end: `x:${pad(now + 1)}`, limit: SWEEP_BATCH });
    if (due.size === 0) return 0;
    const keys = [...due.keys()].map((index) => ({ index, keepUntil: Number(index.slice(2, 18)), key: `k:${index.slice(19)}` }));
    const current = await this.storage.get<number>(keys.map((entry) => entry.key));
    // A key remembered again after it expired is filed under a later index entry: keep it.
    const gone = keys.filter((entry) => current.get(entry.key) === entry.keepUntil).map((entry) => entry.key);
    const live = (await this.storage.get<number>('count')) ?? 0;
    await this.storage.delete([...keys.map((entry) => entry.index), ...gone]);
    if (gone.length > 0) await this.storage.put({ count: Math.max(0, live - gone.length) });
    return due.size;
  }
}

/**
 * A {@link NonceStore} backed by the {@link PaysignNonceStore} Durable Object: a key is accepted
 * once across every isolate and location of the proxy that binds the same namespace. Each scope
 * has its own object, bounded on its own; the proxy remembers every caller signature under the one
 * scope `caller-hmac`, whichever secret verified it, so all of them share one object. A failure to
 * reach the object throws, and the proxy then refuses the request with 503
 * `REPLAY_STORE_UNAVAILABLE` (it never forwards unchecked). A nonce whose keep-until (expiry plus
 * 60 s) has already passed by the object's clock throws too, and the proxy refuses that request
 * 401 as a stale timestamp: a key the object would not keep is never "new".
 *
 * @example
 * ```ts
 * import { createCloudflareWorker, createDurableObjectNonceStore } from '@paysign/edge/cloudflare';
 * export default createCloudflareWorker({ nonceStore: (env) => createDurableObjectNonceStore(env.MY_NONCES as DurableObjectNamespaceLike) });
 * ```
 */
export function createDurableObjectNonceStore(namespace: DurableObjectNamespaceLike): NonceStore {
  return {
    async remember(key, expiresAt, scope) {
      const stub = namespace.get(namespace.idFromName(`paysign-nonces:${scope ?? ''}`) as never);
      const response = await stub.fetch(REMEMBER_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key, expiresAt }),
      });
      const body = (await response.json()) as { result?: Outcome };
      if (response.status !== 200 || (body.result !== 'new' && body.result !== 'seen' && body.result !== 'full' && body.result !== 'stale')) {
        throw new Error(`the nonce store's Durable Object answered ${response.status}`);
      }
      if (body.result === 'stale') throw new StaleNonceError("the nonce's keep-until has passed by the Durable Object's clock");
      return body.result === 'full' ? 'full' : body.result === 'new';
    },
  };
}

/** Whether an env binding looks like a Durable Object namespace. */
export function isDurableObjectNamespace(value: unknown): value is DurableObjectNamespaceLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DurableObjectNamespaceLike).idFromName === 'function' &&
    typeof (value as DurableObjectNamespaceLike).get === 'function'
  );
}
