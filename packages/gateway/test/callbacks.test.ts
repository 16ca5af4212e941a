import { describe, expect, it } from 'vitest';
import { createCallbackHandler, verifyCallback, type GatewayCallback } from '../src/index.js';
import { callbackControl } from '@paysign/spec';

const key = 'test-merchant-control';

describe('verifyCallback: the checksum of docs/reference/callbacks.md', () => {
  it('passes the reference vectors', async () => {
    expect(await callbackControl({ status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc' }, key)).toBe('652ace404c4dfe8bba069ecee594ec23a89340e1');
    expect(await callbackControl({ status: '', orderid: '', merchantOrder: '' }, key)).toBe('1a66987ac24e927ff2979f83a41cb818936a9e62');
    const result = await verifyCallback(
      {
        status: 'approved',
        orderid: '1234567',
        merchant_order: 'hf-abc',
        client_orderid: 'hf-abc',
        type: 'sale',
        amount: '10.00',
        control: '652ace404c4dfe8bba069ecee594ec23a89340e1',
      },
      { controlKey: key },
    );
    expect(result).toMatchObject({
      ok: true,
      callback: { status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc', clientOrderId: 'hf-abc', type: 'sale', amount: '10.00' },
    });
    expect(await verifyCallback({ control: '1a66987ac24e927ff2979f83a41cb818936a9e62' }, { controlKey: key })).toMatchObject({ ok: true });
  });

  it('accepts an upper-case checksum and client_orderid in place of merchant_order', async () => {
    const result = await verifyCallback(
      new URLSearchParams({ status: 'approved', orderid: '1234567', client_orderid: 'hf-abc', control: '652ACE404C4DFE8BBA069ECEE594EC23A89340E1' }),
      { controlKey: key },
    );
    expect(result.ok).toBe(true);
  });

  it.each([
    ['a missing control (even with every field empty)', {}, 'missing_control'],
    ['a short control', { control: '652ace40' }, 'malformed_control'],
    ['a long control', { control: `652ace404c4dfe8bba069ecee594ec23a89340e1${'0'.repeat(1000)}` }, 'malformed_control'],
    ['a non-hex control', { control: 'z'.repeat(40) }, 'malformed_control'],
    [
      'another amount is not signed, another status is',
      { status: 'declined', orderid: '1234567', merchant_order: 'hf-abc', control: '652ace404c4dfe8bba069ecee594ec23a89340e1' },
      'checksum_mismatch',
    ],
    [
      'another key',
      { status: 'approved', orderid: '1234567', merchant_order: 'hf-abc', control: '652ace404c4dfe8bba069ecee594ec23a89340e2' },
      'checksum_mismatch',
    ],
  ])('refuses %s without throwing', async (_, params, reason) => {
    expect(await verifyCallback(params as Record<string, string>, { controlKey: key })).toEqual({ ok: false, reason });
  });

  it('refuses a name given twice', async () => {
    const params: [string, string][] = [
      ['status', 'approved'],
      ['status', 'declined'],
      ['orderid', '1234567'],
      ['merchant_order', 'hf-abc'],
      ['control', '652ace404c4dfe8bba069ecee594ec23a89340e1'],
    ];
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
    expect(() => createCallbackHandler({ controlKey: '', onCallback: () => {} })).toThrow(/controlKey/);
  });

  it('never puts the control key in its result', async () => {
    const result = await verifyCallback(
      { status: 'approved', orderid: '1234567', merchant_order: 'hf-abc', control: '652ace404c4dfe8bba069ecee594ec23a89340e1' },
      { controlKey: key },
    );
    expect(JSON.stringify(result)).not.toContain(key);
  });
});

describe('createCallbackHandler', () => {
  const url = (params: Record<string, string>) => `http://127.0.0.1/callback?${new URLSearchParams(params)}`;
  const good = {
    status: 'approved',
    orderid: '1234567',
    merchant_order: 'hf-abc',
    client_orderid: 'hf-abc',
    type: 'sale',
    control: '652ace404c4dfe8bba069ecee594ec23a89340e1',
  };

  it('answers 403 to a forged callback and never calls onCallback', async () => {
    const received: GatewayCallback[] = [];
    const handler = createCallbackHandler({ controlKey: key, onCallback: (callback) => void received.push(callback) });
    const response = await handler(new Request(url({ ...good, status: 'declined' })));
    expect(response.status).toBe(403);
    expect(received).toEqual([]);
  });

  it('calls onCallback once per distinct callback; a replay gets 200 without a second call', async () => {
    const received: GatewayCallback[] = [];
    const handler = createCallbackHandler({ controlKey: key, onCallback: (callback) => void received.push(callback) });
    expect((await handler(new Request(url(good)))).status).toBe(200);
    expect((await handler(new Request(url(good)))).status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('answers 200 only after onCallback resolved; a failure answers 500 and the retry is handled', async () => {
    let fail = true;
    let calls = 0;
    const handler = createCallbackHandler({
      controlKey: key,
      onCallback: async () => {
        calls++;
        if (fail) throw new Error('database down');
      },
    });
    expect((await handler(new Request(url(good)))).status).toBe(500);
    fail = false;
    expect((await handler(new Request(url(good)))).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('a copy arriving while the first is being handled gets 503, not a second call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const handler = createCallbackHandler({ controlKey: key, onCallback: async () => void (calls++, await gate) });
    const first = handler(new Request(url(good)));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await handler(new Request(url(good)))).status).toBe(503);
    release();
    expect((await first).status).toBe(200);
    expect(calls).toBe(1);
  });

  it('refuses methods other than GET', async () => {
    const handler = createCallbackHandler({ controlKey: key, onCallback: () => {} });
    expect((await handler(new Request(url(good), { method: 'POST' }))).status).toBe(405);
  });
});
