import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallbackHandler, verifyCallback, type CallbackHandlerOptions, type CallbackOrder, type GatewayCallback } from '../src/index.js';
import { callbackControl } from '@paysign/protocol';
import { deliver, serveHandler } from './callbacks-server.js';

const key = 'test-merchant-control';
const SIGNED = { status: 'approved', orderid: '1234567', merchant_order: 'hf-abc', control: '652ace404c4dfe8bba069ecee594ec23a89340e1' };

describe('verifyCallback: the checksum of docs/reference/callbacks.md', () => {
  it('passes the reference vectors, and returns only what the checksum covers as verified', async () => {
    expect(await callbackControl({ status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc' }, key)).toBe('652ace404c4dfe8bba069ecee594ec23a89340e1');
    expect(await callbackControl({ status: '', orderid: '', merchantOrder: '' }, key)).toBe('1a66987ac24e927ff2979f83a41cb818936a9e62');
    const result = await verifyCallback({ ...SIGNED, client_orderid: 'hf-abc', type: 'sale', amount: '10.00' }, { controlKey: key });
    expect(result).toEqual({
      ok: true,
      callback: {
        status: 'approved',
        orderid: '1234567',
        merchantOrder: 'hf-abc',
        splitUnique: true,
        unverified: { client_orderid: 'hf-abc', type: 'sale', amount: '10.00' },
      },
    });
  });

  it('refuses the all-empty vector: its checksum matches, but no status, orderid or order is a callback', async () => {
    expect(await verifyCallback({ control: '1a66987ac24e927ff2979f83a41cb818936a9e62' }, { controlKey: key })).toEqual({ ok: false, reason: 'unknown_status' });
  });

  it('a captured approval resent with another client_orderid, amount or type keeps the signed fields; the edits stay unverified', async () => {
    const result = await verifyCallback({ ...SIGNED, client_orderid: '77', amount: '5000.00', type: 'reversal' }, { controlKey: key });
    expect(result.ok && result.callback).toMatchObject({ status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc' });
    expect(result.ok && result.callback.unverified).toEqual({ client_orderid: '77', amount: '5000.00', type: 'reversal' });
    expect(result.ok && Object.keys(result.callback).sort()).toEqual(['merchantOrder', 'orderid', 'splitUnique', 'status', 'unverified']);
  });

  it('property: no unsigned parameter reaches the verified fields, every one is in unverified as sent', async () => {
    const name = fc.string({ minLength: 1, maxLength: 12 }).filter((n) => !['status', 'orderid', 'merchant_order', 'control'].includes(n));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(name, fc.string({ maxLength: 20 })), { selector: ([n]) => n, maxLength: 8 }), async (extra) => {
        const result = await verifyCallback([...Object.entries(SIGNED), ...extra], { controlKey: key });
        if (!result.ok) throw new Error(result.reason);
        const { unverified, ...verified } = result.callback;
        expect(verified).toEqual({ status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc', splitUnique: true });
        expect(Object.entries(unverified).sort()).toEqual([...extra].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('accepts an upper-case checksum, an upper-case status (returned lower-cased) and client_orderid in place of merchant_order', async () => {
    const upper = await verifyCallback(new URLSearchParams({ ...SIGNED, control: SIGNED.control.toUpperCase() }), { controlKey: key });
    expect(upper.ok).toBe(true);
    const control = await callbackControl({ status: 'APPROVED', orderid: '1234567', merchantOrder: 'hf-abc' }, key);
    const status = await verifyCallback({ status: 'APPROVED', orderid: '1234567', merchant_order: 'hf-abc', control }, { controlKey: key });
    expect(status.ok && status.callback.status).toBe('approved');
    const named = await verifyCallback({ status: 'approved', orderid: '1234567', client_orderid: 'hf-abc', control: SIGNED.control }, { controlKey: key });
    expect(named).toEqual({ ok: true, callback: { status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc', splitUnique: true, unverified: {} } });
  });

  it('says whether the split is unique: not when merchant_order starts with a digit', async () => {
    const control = await callbackControl({ status: 'approved', orderid: '9021', merchantOrder: '55' }, key);
    const result = await verifyCallback({ status: 'approved', orderid: '9021', merchant_order: '55', control }, { controlKey: key });
    expect(result.ok && result.callback.splitUnique).toBe(false);
    const resplit = await verifyCallback({ status: 'approved', orderid: '902', merchant_order: '155', control }, { controlKey: key });
    expect(resplit.ok && resplit.callback.splitUnique).toBe(false);
  });

  it.each([
    ['a missing control (even with every field empty)', {}, 'missing_control'],
    ['a short control', { control: '652ace40' }, 'malformed_control'],
    ['a long control', { control: `652ace404c4dfe8bba069ecee594ec23a89340e1${'0'.repeat(1000)}` }, 'malformed_control'],
    ['a non-hex control', { control: 'z'.repeat(40) }, 'malformed_control'],
    ['another status, signed alike', { ...SIGNED, status: 'declined' }, 'checksum_mismatch'],
    ['another key', { ...SIGNED, control: '652ace404c4dfe8bba069ecee594ec23a89340e2' }, 'checksum_mismatch'],
    ['a status that is no final status (a status/orderid re-split)', { ...SIGNED, status: 'approved1', orderid: '234567' }, 'unknown_status'],
    ['an orderid that is not digits (an orderid/merchant_order re-split)', { ...SIGNED, orderid: '1234567h', merchant_order: 'f-abc' }, 'malformed_orderid'],
    ['an empty orderid', { ...SIGNED, orderid: '', merchant_order: '1234567hf-abc' }, 'malformed_orderid'],
    ['non-ASCII digits in orderid', { ...SIGNED, orderid: '١٢٣' }, 'malformed_orderid'],
    ['an empty merchant_order', { ...SIGNED, orderid: '1234567', merchant_order: '' }, 'missing_merchant_order'],
  ])('refuses %s without throwing', async (_, params, reason) => {
    expect(await verifyCallback(params as Record<string, string>, { controlKey: key })).toEqual({ ok: false, reason });
  });

  it('refuses a name given twice', async () => {
    const params: [string, string][] = [['status', 'approved'], ['status', 'declined'], ...Object.entries(SIGNED).slice(1)];
    expect(await verifyCallback(params, { controlKey: key })).toEqual({ ok: false, reason: 'duplicate_parameter' });
  });

  it('never throws on parameters of the wrong shape', async () => {
    expect(await verifyCallback(null as never, { controlKey: key })).toEqual({ ok: false, reason: 'missing_control' });
    expect(await verifyCallback({ control: 42 } as never, { controlKey: key })).toEqual({ ok: false, reason: 'malformed_control' });
  });

  it('refuses an empty control key, with which anyone could forge the checksum', async () => {
    const forged = {
      status: 'approved',
      orderid: '1',
      merchant_order: 'o',
      control: await callbackControl({ status: 'approved', orderid: '1', merchantOrder: 'o' }, ''),
    };
    await expect(verifyCallback(forged, { controlKey: '' })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(() => createCallbackHandler({ controlKey: '', findOrder: () => ({}), onCallback: () => {} })).toThrow(/controlKey/);
  });

  it('never puts the control key in its result', async () => {
    expect(JSON.stringify(await verifyCallback(SIGNED, { controlKey: key }))).not.toContain(key);
  });
});

describe('createCallbackHandler (real HTTP)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const order = { amount: '10.00' };
  const good = { ...SIGNED, client_orderid: 'hf-abc', type: 'sale', amount: '10.00' };

  async function receiver(options: Partial<CallbackHandlerOptions>, received: [GatewayCallback, CallbackOrder][] = []): Promise<string> {
    const handler = createCallbackHandler({
      controlKey: key,
      findOrder: (merchantOrder) => (merchantOrder === 'hf-abc' ? order : undefined),
      onCallback: (callback, found) => void received.push([callback, found]),
      ...options,
    });
    const server = await serveHandler(handler);
    closers.push(server.close);
    return server.url;
  }

  it('requires findOrder: a callback is only ever checked against your own order', () => {
    expect(() => createCallbackHandler({ controlKey: key, onCallback: () => {} } as never)).toThrow(/findOrder/);
  });

  it('answers 403 to a forged callback and never calls findOrder or onCallback', async () => {
    let looked = 0;
    const received: [GatewayCallback, CallbackOrder][] = [];
    const base = await receiver({ findOrder: () => (looked++, order) }, received);
    expect(await deliver(base, { ...good, status: 'declined' })).toEqual({ status: 403, body: 'refused: checksum_mismatch' });
    expect([looked, received]).toEqual([0, []]);
  });

  it('calls onCallback with the callback and your order, looked up by the signed merchant_order', async () => {
    const looked: string[] = [];
    const received: [GatewayCallback, CallbackOrder][] = [];
    const base = await receiver({ findOrder: (merchantOrder) => (looked.push(merchantOrder), order) }, received);
    expect(await deliver(base, { ...good, client_orderid: '77' })).toEqual({ status: 200, body: 'OK' });
    expect(looked).toEqual(['hf-abc']);
    expect(received).toEqual([
      [
        {
          status: 'approved',
          orderid: '1234567',
          merchantOrder: 'hf-abc',
          splitUnique: true,
          unverified: { client_orderid: '77', type: 'sale', amount: '10.00' },
        },
        order,
      ],
    ]);
  });

  it('one captured approval replayed 20 times with another type, client_orderid and amount each time runs onCallback once', async () => {
    const received: [GatewayCallback, CallbackOrder][] = [];
    const base = await receiver({}, received);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        (await deliver(base, { ...good, type: ['sale', 'reversal', 'chargeback', ''][i % 4] as string, client_orderid: `order-${i}`, amount: `${10 + i}.00` }))
          .status,
      );
    }
    expect(answers).toEqual(Array(20).fill(200));
    expect(received).toHaveLength(1);
  });

  it('refuses, without running onCallback, an unknown order, another gateway order id, another amount', async () => {
    const received: [GatewayCallback, CallbackOrder][] = [];
    const unknown = await receiver({ findOrder: () => undefined }, received);
    expect(await deliver(unknown, good)).toEqual({ status: 403, body: 'refused: unknown_order' });
    const transfer = await receiver({ findOrder: () => ({ gatewayOrderId: '1234568' }) }, received);
    expect(await deliver(transfer, good)).toEqual({ status: 403, body: 'refused: orderid_mismatch' });
    const priced = await receiver({}, received);
    for (const amount of ['10.01', '', '1e1', '10,00', ' 10.00']) {
      expect(await deliver(priced, { ...good, amount })).toEqual({ status: 403, body: 'refused: amount_mismatch' });
    }
    const { amount: _, ...noAmount } = good;
    expect(await deliver(priced, noAmount)).toEqual({ status: 403, body: 'refused: amount_mismatch' });
    expect(received).toEqual([]);
    // Refused is not handled: the genuine callback, with the amount written another way, still is.
    expect(await deliver(priced, { ...good, amount: '10' })).toEqual({ status: 200, body: 'OK' });
    expect(received).toHaveLength(1);
  });

  it('refuses a merchant_order that starts with a digit when no gateway order id tells the splits apart, unless accepted explicitly', async () => {
    const control = await callbackControl({ status: 'approved', orderid: '9021', merchantOrder: '55' }, key);
    const callback = { status: 'approved', orderid: '9021', merchant_order: '55', amount: '10.00', control };
    const received: [GatewayCallback, CallbackOrder][] = [];
    const strict = await receiver({ findOrder: () => order }, received);
    expect(await deliver(strict, callback)).toEqual({ status: 403, body: 'refused: ambiguous_split' });
    const held = await receiver({ findOrder: () => ({ ...order, gatewayOrderId: '9021' }) }, received);
    expect((await deliver(held, callback)).status).toBe(200);
    const opted = await receiver({ findOrder: () => order, acceptAmbiguousSplit: true }, received);
    expect((await deliver(opted, callback)).status).toBe(200);
    expect(received).toHaveLength(2);
  });

  it('never repeats a parameter value in a reply', async () => {
    const base = await receiver({ findOrder: () => undefined });
    const marker = 'ZZ<script>\u001b[31m';
    for (const params of [
      { ...good, client_orderid: marker },
      { ...good, status: marker },
      { ...good, orderid: marker },
      { ...good, control: marker },
    ]) {
      expect((await deliver(base, params)).body).not.toContain('ZZ');
    }
  });

  it('answers 200 only after onCallback resolved; a failure (of onCallback or findOrder) answers 500 and the retry is handled', async () => {
    let fail = 2;
    let calls = 0;
    const base = await receiver({
      findOrder: () => {
        if (fail === 2) throw new Error('database down');
        return order;
      },
      onCallback: async () => {
        calls++;
        if (fail-- > 0) throw new Error('database down');
      },
    });
    expect((await deliver(base, good)).status).toBe(500);
    fail = 1;
    expect((await deliver(base, good)).status).toBe(500);
    expect((await deliver(base, good)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a copy arriving while the first is being handled gets 503, not a second call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const base = await receiver({ onCallback: async () => void (calls++, started(), await gate) });
    const first = deliver(base, good);
    await running;
    expect((await deliver(base, good)).status).toBe(503);
    release();
    expect((await first).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('refuses methods other than GET', async () => {
    const base = await receiver({});
    expect((await fetch(`${base}/callbacks?${new URLSearchParams(good)}`, { method: 'POST' })).status).toBe(405);
  });
});
