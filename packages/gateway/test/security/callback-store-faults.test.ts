import { afterEach, describe, expect, it } from 'vitest';
import { callbackControl } from '@paysign/protocol';
import { type CallbackSeenStore, createCallbackHandler, createMemoryCallbackStore } from '../../src/index.js';
import { deliver, serveHandler } from '../callbacks-server.js';

// Issue 35 over real HTTP: the handler with its in-memory store under the late-release attack, and
// with a store of the merchant's own that fails (as one over a database that went down would):
// the handler answers 500 itself and never throws; nothing runs twice while a lease holds.

const key = 'control-key-for-the-store-fault-attacks';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function signed(orderid: string): Promise<Record<string, string>> {
  const merchantOrder = `o-${orderid}`;
  return { status: 'approved', orderid, merchant_order: merchantOrder, control: await callbackControl({ status: 'approved', orderid, merchantOrder }, key) };
}

async function serve(seen: CallbackSeenStore | undefined, onCallback: () => Promise<void> | void, maxHandlingMs?: number): Promise<string> {
  const server = await serveHandler(
    createCallbackHandler({ controlKey: key, findOrder: () => ({}), onCallback, ...(seen && { seen }), ...(maxHandlingMs !== undefined && { maxHandlingMs }) }),
  );
  close = server.close;
  return server.url;
}

describe('the in-memory store under the late-release attack (issue 35, medium)', () => {
  it('leaseMs 1000: the first run throws at 1.5 s after the retry at 1.15 s claimed again; a copy at 1.75 s gets 503; onCallback runs twice in all', async () => {
    const starts: number[] = [];
    // The lease is not renewed (maxHandlingMs below it), as when a stalled process cannot renew it.
    const url = await serve(
      createMemoryCallbackStore({ leaseMs: 1_000 }),
      async () => {
        starts.push(Date.now());
        if (starts.length === 1) {
          await sleep(1_500);
          throw new Error('fails after its lease');
        }
        await sleep(2_500);
      },
      500,
    );
    const first = deliver(url, await signed('31'));
    while (starts.length === 0) await sleep(5);
    const t0 = starts[0]!;
    await sleep(t0 + 1_150 - Date.now());
    const retry = deliver(url, await signed('31'));
    await sleep(t0 + 1_750 - Date.now());
    expect(starts).toHaveLength(2);
    expect((await first).status).toBe(500);
    expect(await deliver(url, await signed('31'))).toEqual({ status: 503, body: 'this callback is being handled; retry later' });
    expect(await retry).toEqual({ status: 200, body: 'OK' });
    expect(await deliver(url, await signed('31'))).toEqual({ status: 200, body: 'OK' });
    expect(starts).toHaveLength(2);
  }, 15_000);
});

describe('a store that fails: the handler answers, never throws (issue 35, low)', () => {
  const down = (): never => {
    throw Object.assign(new Error('the store could not answer: ECONNREFUSED'), { name: 'StoreError', code: 'STORE_UNAVAILABLE' });
  };

  it('claim rejects: 500, onCallback not run; the retry once the store is back is handled once', async () => {
    let runs = 0;
    let up = false;
    const memory = createMemoryCallbackStore();
    const url = await serve(
      {
        claim: async (k) => (up ? memory.claim(k) : down()),
        complete: (k, token) => memory.complete(k, token),
        release: (k, token) => memory.release(k, token),
      },
      () => void runs++,
    );
    expect(await deliver(url, await signed('41'))).toEqual({ status: 500, body: 'the callback store could not be reached; retry later' });
    expect(runs).toBe(0);
    up = true;
    expect((await deliver(url, await signed('41'))).status).toBe(200);
    expect((await deliver(url, await signed('41'))).status).toBe(200);
    expect(runs).toBe(1);
  });

  it('complete rejects after onCallback resolved: 200 (it was handled); the lease holds, so a copy meanwhile is 503, not a second run', async () => {
    let runs = 0;
    const memory = createMemoryCallbackStore();
    const url = await serve(
      { claim: (k) => memory.claim(k), complete: async () => down(), release: (k, token) => memory.release(k, token) },
      () => void runs++,
    );
    expect(await deliver(url, await signed('42'))).toEqual({ status: 200, body: 'OK' });
    expect((await deliver(url, await signed('42'))).status).toBe(503);
    expect(runs).toBe(1);
  });

  it('release rejects after onCallback threw: 500; the lease ends by itself and the retry after it is handled once', async () => {
    let runs = 0;
    const memory = createMemoryCallbackStore({ leaseMs: 300 });
    const url = await serve({ claim: (k) => memory.claim(k), complete: (k, token) => memory.complete(k, token), release: async () => down() }, () => {
      runs++;
      if (runs === 1) throw new Error('the order database is down');
    });
    expect((await deliver(url, await signed('43'))).status).toBe(500);
    expect((await deliver(url, await signed('43'))).status).toBe(503);
    await sleep(350);
    expect((await deliver(url, await signed('43'))).status).toBe(200);
    expect(runs).toBe(2);
  });

  it('a store of the shape before claims had tokens (claim resolves "new"): 500, nothing runs', async () => {
    let runs = 0;
    const legacy = { claim: () => 'new', complete: () => undefined, release: () => undefined } as unknown as CallbackSeenStore;
    const url = await serve(legacy, () => void runs++);
    expect((await deliver(url, await signed('44'))).status).toBe(500);
    expect(runs).toBe(0);
  });
});
