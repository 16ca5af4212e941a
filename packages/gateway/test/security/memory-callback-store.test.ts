import { afterEach, describe, expect, it } from 'vitest';
import { callbackControl } from '@paysign/protocol';
import { createCallbackHandler, createMemoryCallbackStore, type GatewayCallback } from '../../src/index.js';
import { deliver, serveHandler } from '../callbacks-server.js';

// Issue 27 (low): with `maxEntries: 3`, handled callbacks evicted a key still being handled, and a
// copy of that callback arriving meanwhile ran onCallback a second time. Over real HTTP, against
// the handler with the in-memory store.

const key = 'control-key-for-the-memory-store-attack';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function signed(orderid: string): Promise<Record<string, string>> {
  return {
    status: 'approved',
    orderid,
    merchant_order: `o-${orderid}`,
    control: await callbackControl({ status: 'approved', orderid, merchantOrder: `o-${orderid}` }, key),
  };
}

describe('the in-memory callback store under a flood of handled callbacks', () => {
  it('never forgets a callback being handled: its copy is answered 503, onCallback runs once', async () => {
    const runs = new Map<string, number>();
    let finish: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const handler = createCallbackHandler({
      controlKey: key,
      seen: createMemoryCallbackStore({ maxEntries: 3 }),
      findOrder: () => ({}),
      onCallback: async (callback: GatewayCallback) => {
        runs.set(callback.orderid, (runs.get(callback.orderid) ?? 0) + 1);
        if (callback.orderid === '1') await slow;
      },
    });
    const server = await serveHandler(handler);
    close = server.close;
    const first = deliver(server.url, await signed('1'));
    while (runs.get('1') !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const orderid of ['2', '3', '4', '5']) expect(await deliver(server.url, await signed(orderid))).toEqual({ status: 200, body: 'OK' });
    expect((await deliver(server.url, await signed('1'))).status).toBe(503);
    finish!();
    expect(await first).toEqual({ status: 200, body: 'OK' });
    expect(await deliver(server.url, await signed('1'))).toEqual({ status: 200, body: 'OK' });
    expect(runs.get('1')).toBe(1);
  });

  it('a claim is a lease: a handler that hangs holds it past leaseMs (renewed), never past maxHandlingMs; the gateway retry after it is handled, once', async () => {
    let runs = 0;
    const handler = createCallbackHandler({
      controlKey: key,
      seen: createMemoryCallbackStore({ leaseMs: 300 }),
      findOrder: () => ({}),
      maxHandlingMs: 900,
      onCallback: async () => {
        runs++;
        if (runs === 1) await new Promise(() => undefined); // hangs for ever (a query that never returns)
      },
    });
    const server = await serveHandler(handler);
    close = server.close;
    const started = Date.now();
    void deliver(server.url, await signed('7')).catch(() => undefined);
    while (runs !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await deliver(server.url, await signed('7'))).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, started + 600 - Date.now()));
    expect((await deliver(server.url, await signed('7'))).status).toBe(503); // two leases on: renewed
    await new Promise((resolve) => setTimeout(resolve, started + 900 + 100 - Date.now()));
    const retries = await Promise.all([deliver(server.url, await signed('7')), deliver(server.url, await signed('7'))]);
    // One retry handles it (200); the other finds it pending (503) or done (200): onCallback ran once more.
    expect(retries.map((r) => r.status)).toContain(200);
    expect(retries.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(runs).toBe(2);
  });
});

describe('the in-memory callback store refuses bounds that break its lease (round 6, low)', () => {
  // Before: maxEntries 0 answered every claim `pending` for ever (the gateway's 30 retries all 503:
  // the callback lost), and leaseMs 0 or NaN held no lease (two copies at once both ran).
  it.each([
    ['maxEntries', 0],
    ['maxEntries', -1],
    ['leaseMs', 0],
    ['leaseMs', Number.NaN],
    ['leaseMs', 1.5],
    ['doneTtlMs', Number.POSITIVE_INFINITY],
    ['doneTtlMs', '60000'],
  ] as const)('%s: %s throws GatewayValidationError INVALID_OPTIONS naming it', (option, value) => {
    let thrown: unknown;
    try {
      createMemoryCallbackStore({ [option]: value } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: 'GatewayValidationError', code: 'INVALID_OPTIONS', issues: [{ field: option, rule: 'invalid-option' }] });
    expect((thrown as Error).message).toContain(`${option}: must be a whole number above 0`);
  });

  it('the smallest bounds work: maxEntries 1, leaseMs 1, doneTtlMs 1', () => {
    const store = createMemoryCallbackStore({ maxEntries: 1 });
    expect(store.claim('a')).toMatchObject({ state: 'new' });
    expect(store.claim('b')).toEqual({ state: 'pending' }); // the one live claim is a's
    expect(createMemoryCallbackStore({ leaseMs: 1, doneTtlMs: 1 }).claim('a')).toMatchObject({ state: 'new' });
  });
});
