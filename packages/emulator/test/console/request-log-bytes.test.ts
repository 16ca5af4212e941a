// Issue #36 item 3: the request log's bound counts what it really holds. Each entry is one
// representation (the request as received for the check and the diagnosis, its shown parts until
// it is masked, then its view): its texts as UTF-8 in one byte ring of three quarters of the bound
// (off the JS heap: an ArrayBuffer), its object and view counted in bytes as V8 keeps them
// (src/console/retained-bytes.ts) in the rest. The live heap and the ArrayBuffers after a full
// collection are measured against `maxBytes`, and the heap alone against the objects' quarter (a
// request nobody looks at leaves only its small entry on the heap: issue #36, the promoted
// garbage). A body cut for showing keeps no hidden reference to the whole body, and the order book
// keeps an order in a few hundred bytes (all orders of one shape).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequestLog, type RequestLog } from '../../src/console/request-log.js';
import { createMerchantRegistry } from '../../src/merchants/merchant-registry.js';
import { createOrderStore } from '../../src/orders/order-book.js';
import { fromFetchRequest } from '../../src/request/gateway-request.js';
import { createCallbackSender } from '../../src/callbacks/callback-sender.js';
import { handSign } from '../independent-signer.js';

setFlagsFromString('--expose-gc');
setFlagsFromString('--no-concurrent-sweeping');
const gc = runInNewContext('gc') as () => void;
// After the current job (a WeakRef keeps its target alive until then: undici's Request holds one
// to itself), a full collection, its sweeping done before the reading: the heap, and the heap with
// the ArrayBuffers' memory (the request log's byte ring).
const liveHeap = async (): Promise<number> => (await live()).heap;
// Collected again until the heap stops shrinking (at most 5 times): on a loaded machine a job left
// pending at the first collection still holds what it will drop.
const live = async (): Promise<{ heap: number; all: number }> => {
  let last: { heapUsed: number; arrayBuffers: number } | undefined;
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    gc();
    const reading = process.memoryUsage();
    const settled = last !== undefined && last.heapUsed - reading.heapUsed < 16 * 1024;
    last = reading;
    if (settled) break;
  }
  const { heapUsed, arrayBuffers } = last as { heapUsed: number; arrayBuffers: number };
  return { heap: heapUsed, all: heapUsed + arrayBuffers };
};
const held = (after: { heap: number; all: number }, before: { heap: number; all: number }) => ({
  heap: after.heap - before.heap,
  all: after.all - before.all,
});

const MiB = 1024 * 1024;
const URL_ = 'http://127.0.0.1:8080/payment/api/v2/pan-eligibility/send/1';
const merchants = createMerchantRegistry([{ login: 'merchant', controlKey: 'key', endpointIds: ['1'] }]);
const newLog = (maxBytes: number): RequestLog =>
  createRequestLog({
    merchants,
    publicOrigin: undefined,
    pathPrefix: '/payment',
    timestampWindowSeconds: 300,
    now: () => Math.floor(Date.now() / 1000),
    maxBytes,
  });

/** Records one signed request (fresh strings, as a server reads them) with `extra` in its body, answered 200 or 403. */
function record(log: RequestLog, n: number, extra = '', status = 200): void {
  const signed = handSign(URL_, 'merchant', { method: 'HMAC-SHA1', controlKey: 'key' }, [
    ['client-order-id', `order-${n}`],
    ['sending-card-ref-id', `ref-${n}`],
    ...(extra === '' ? [] : ([['order_desc', extra]] as [string, string][])),
  ]);
  const request = new Request(URL_, {
    method: 'POST',
    headers: { authorization: signed.authorization, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'bench', accept: '*/*' },
    body: signed.body,
  });
  const reply = status === 200 ? `type=async-response\n&status=processing\n&merchant-order-id=order-${n}\n&paynet-order-id=${n}\n` : '';
  log.record(fromFetchRequest(request), signed.body, { status, body: reply }, status === 200 ? undefined : { reason: 'nonce_reused', message: 'seen' });
}

/** Every kept entry, masked (the inspector paged through to its oldest). */
function viewAll(log: RequestLog): number {
  let seen = 0;
  let before: number | undefined;
  for (;;) {
    const { requests } = log.list({ limit: 500, ...(before !== undefined && { before }) });
    if (requests.length === 0) return seen;
    seen += requests.length;
    before = (requests.at(-1) as { id: number }).id;
  }
}

describe('the request log holds about maxRequestLogBytes, counted as V8 keeps it', () => {
  // The code the measured runs use, compiled and warm first, so that the heap they add is their data.
  beforeAll(() => {
    const warm = newLog(MiB);
    for (let n = 0; n < 2000; n++) record(warm, n, n % 100 === 0 ? 'z'.repeat(300 * 1024) : '', n % 2 === 0 ? 200 : 403);
    viewAll(warm);
  });

  it('unviewed, then every entry masked: the live heap and the ring are within 20% of the bound', async () => {
    const maxBytes = 4 * MiB;
    const before = await live();
    const log = newLog(maxBytes);
    for (let n = 0; n < 6000; n++) record(log, n);
    const unviewed = held(await live(), before);
    const kept = log.list({ limit: 500 }).requests.length;
    expect(kept).toBe(500);
    expect(log.list().dropped).toBeGreaterThan(0);
    expect(unviewed.all).toBeGreaterThan(0.8 * maxBytes);
    expect(unviewed.all).toBeLessThan(1.2 * maxBytes);
    // Unviewed, an entry's texts are in the ring: the heap holds the entry objects only, within their quarter.
    expect(unviewed.heap).toBeLessThan(1.2 * (maxBytes / 4));

    // Masked, an entry holds its view too: counted again, the bound applied as the next request is kept.
    expect(viewAll(log)).toBeGreaterThan(1000);
    record(log, 6000);
    const viewed = held(await live(), before);
    expect(viewed.all).toBeGreaterThan(0.8 * maxBytes);
    expect(viewed.all).toBeLessThan(1.2 * maxBytes);
    expect(viewed.heap).toBeGreaterThan(0.8 * (maxBytes / 4));
    expect(viewed.heap).toBeLessThan(1.2 * (maxBytes / 4));
  });

  it('a body cut to its shown 2,048 characters holds that, not the whole body', async () => {
    const before = await liveHeap();
    const log = newLog(16 * MiB);
    // Over the diagnosis cap (256 KiB): kept cut, never whole.
    for (let n = 0; n < 40; n++) record(log, n, `${n}-${'x'.repeat(MiB)}`, 403);
    // Then a small one: V8 keeps the last regular expression's input (RegExp.input), a part of the
    // last body read, until the next one runs: that one body is the engine's, not the log's.
    record(log, 40, 'small', 403);
    const held = (await liveHeap()) - before;
    expect(held).toBeLessThan(MiB); // 40 MiB when each cut kept a view into its whole body
    expect(log.list({ limit: 500 }).requests).toHaveLength(41);
  });

  it('a body up to the diagnosis cap is kept whole for a check, counted: the oldest go', async () => {
    const maxBytes = 4 * MiB;
    const before = await live();
    const log = newLog(maxBytes);
    for (let n = 0; n < 40; n++) record(log, n, 'y'.repeat(200 * 1024), 403);
    // The texts fill the ring (three quarters of the bound); their entries hold little.
    const { all } = held(await live(), before);
    expect(all).toBeGreaterThan(0.8 * 0.75 * maxBytes);
    expect(all).toBeLessThan(1.2 * maxBytes);
    const { requests, dropped } = log.list({ limit: 500 });
    expect(requests.length + dropped).toBe(40);
    expect(requests.length).toBeLessThan(21);
    // The newest is checked as received (its whole body); a dropped one is no longer kept.
    expect((await log.check((requests[0] as { id: number }).id))?.verdict).toBeDefined();
    expect(await log.check(1)).toBeUndefined();
  });
});

describe('the order book keeps an order in a few hundred bytes', () => {
  it('5,000 final orders hold under 400 bytes each', async () => {
    const sender = createCallbackSender({ attempts: 1, backoffMs: 1000, maxInFlight: 1, log: () => {} });
    const before = await liveHeap();
    const orders = createOrderStore({ sender, log: () => {}, callbackUrlFor: () => undefined, controlKeyFor: () => undefined, capacity: 10_000 });
    for (let n = 0; n < 5000; n++)
      orders.open({ orderid: String(1_000_000 + n), operation: 'pan-eligibility/send', merchantOrderId: `order-${n}`, login: 'merchant' }, Date.now());
    for (let n = 0; n < 5000; n++) expect(await orders.decide(String(1_000_000 + n))).toBe(true);
    expect(orders.get('1004999')?.status).toBe('approved');
    const held = (await liveHeap()) - before;
    expect(held / 5000).toBeLessThan(400); // about 1,100 when a deleted field turned each decided order into a dictionary
  });
});
