import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDurableObjectNonceStore, PaysignNonceStore, type DurableObjectNamespaceLike, type DurableObjectStorageLike } from '@paysign/edge/cloudflare';

// The Durable Object's logic on Node, over an in-memory storage with the semantics of the Workers
// key-value storage API (sorted list with prefix, end and limit). workerd.test.ts runs the real
// thing, shared by two proxy workers.

function memoryStorage(): DurableObjectStorageLike & { data: Map<string, unknown>; alarm: number | null } {
  const data = new Map<string, unknown>();
  const storage = {
    data,
    alarm: null as number | null,
    async get(key: string | string[]) {
      if (Array.isArray(key)) return new Map(key.filter((k) => data.has(k)).map((k) => [k, data.get(k)]));
      return data.get(key);
    },
    async put(entries: Record<string, unknown>) {
      for (const [k, v] of Object.entries(entries)) data.set(k, v);
    },
    async delete(keys: string[]) {
      let n = 0;
      for (const k of keys) if (data.delete(k)) n++;
      return n;
    },
    async list(options: { prefix?: string; end?: string; limit?: number }) {
      const keys = [...data.keys()].filter((k) => k.startsWith(options.prefix ?? '') && (options.end === undefined || k < options.end)).sort();
      return new Map(keys.slice(0, options.limit ?? Infinity).map((k) => [k, data.get(k)]));
    },
    async getAlarm() {
      return storage.alarm;
    },
    async setAlarm(time: number) {
      storage.alarm = time;
    },
  };
  return storage as unknown as DurableObjectStorageLike & { data: Map<string, unknown>; alarm: number | null };
}

/** One namespace: an object per name, as the runtime keeps them. */
function namespace(env: Record<string, unknown> = {}): DurableObjectNamespaceLike & { objects: Map<string, PaysignNonceStore> } {
  const objects = new Map<string, PaysignNonceStore>();
  return {
    objects,
    idFromName: (name: string) => name,
    get: (id: never) => {
      const name = id as string;
      if (!objects.has(name)) objects.set(name, new PaysignNonceStore({ storage: memoryStorage() }, env));
      const object = objects.get(name)!;
      return { fetch: (input: string, init?: RequestInit) => object.fetch(new Request(input, init)) };
    },
  };
}

const T = 1_750_000_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T * 1000);
});
afterEach(() => vi.useRealTimers());

describe('the Durable Object nonce store', () => {
  it('says new once and seen after, for every client of one namespace', async () => {
    const ns = namespace();
    const [a, b] = [createDurableObjectNonceStore(ns), createDurableObjectNonceStore(ns)];
    expect(await a.remember('sig-1', T + 301, 'caller-hmac-1')).toBe(true);
    expect(await b.remember('sig-1', T + 301, 'caller-hmac-1')).toBe(false);
    expect(await b.remember('sig-2', T + 301, 'caller-hmac-1')).toBe(true);
  });

  it('one check-and-set at a time: of concurrent copies of a key exactly one is new', async () => {
    const ns = namespace();
    const stores = Array.from({ length: 5 }, () => createDurableObjectNonceStore(ns));
    const results = await Promise.all(stores.map((store) => store.remember('sig', T + 301, 's')));
    expect(results.filter((r) => r === true)).toHaveLength(1);
  });

  it('keeps a key past its expiry (60 s grace for clock differences), then forgets it', async () => {
    const store = createDurableObjectNonceStore(namespace());
    expect(await store.remember('sig', T + 301, 's')).toBe(true);
    vi.setSystemTime((T + 301 + 59.999) * 1000);
    expect(await store.remember('sig', T + 301, 's')).toBe(false);
    vi.setSystemTime((T + 301 + 60) * 1000);
    expect(await store.remember('sig', T + 401, 's')).toBe(true);
  });

  it('is bounded per scope (PAYSIGN_NONCE_MAX_ENTRIES): full for that scope, not for others; expired keys free room', async () => {
    const ns = namespace({ PAYSIGN_NONCE_MAX_ENTRIES: '3' });
    const store = createDurableObjectNonceStore(ns);
    for (const key of ['a', 'b', 'c']) expect(await store.remember(key, T + 10, 'flood')).toBe(true);
    expect(await store.remember('d', T + 10, 'flood')).toBe('full');
    expect(await store.remember('d', T + 10, 'other')).toBe(true);
    vi.setSystemTime((T + 10 + 60) * 1000);
    expect(await store.remember('d', T + 100, 'flood')).toBe(true);
    const storage = (ns.objects.get('paysign-nonces:flood') as unknown as { storage: ReturnType<typeof memoryStorage> }).storage;
    expect([...storage.data.keys()].filter((k) => k.startsWith('k:'))).toEqual(['k:d']);
    expect(storage.data.get('count')).toBe(1);
  });

  it('sets an alarm for the first expiry; the alarm empties the object', async () => {
    const ns = namespace();
    const store = createDurableObjectNonceStore(ns);
    await store.remember('x', T + 10, 's');
    await store.remember('y', T + 20, 's');
    const object = ns.objects.get('paysign-nonces:s')!;
    const storage = (object as unknown as { storage: ReturnType<typeof memoryStorage> }).storage;
    expect(storage.alarm).toBe((T + 10 + 60) * 1000 + 1);
    vi.setSystemTime(storage.alarm!);
    await object.alarm();
    expect([...storage.data.keys()].filter((k) => k !== 'count')).toEqual(['k:y', `x:${String((T + 80) * 1000).padStart(16, '0')}:y`]);
    expect(storage.alarm).toBe((T + 80) * 1000 + 1);
  });

  it('refuses malformed requests; the client then throws (the proxy answers 503)', async () => {
    const object = new PaysignNonceStore({ storage: memoryStorage() });
    expect((await object.fetch(new Request('https://x/remember', { method: 'POST', body: '{"key":1}' }))).status).toBe(400);
    expect((await object.fetch(new Request('https://x/other', { method: 'POST', body: '{}' }))).status).toBe(404);
    const broken = createDurableObjectNonceStore({ idFromName: () => 'x', get: () => ({ fetch: async () => new Response('{}', { status: 500 }) }) });
    await expect(broken.remember('k', T + 1, 's')).rejects.toThrow("the nonce store's Durable Object answered 500");
  });
});
