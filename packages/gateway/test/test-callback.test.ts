// createTestCallback: the Request the gateway would send, accepted by the handler with the same
// control key, refused with another; and the README's unit test of its receiver, run as written.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCallbackHandler, createTestCallback, GatewayValidationError, verifyCallback } from '../src/index.js';

const controlKey = 'test-merchant-control';
const base = { url: 'https://shop.example/callbacks?shop=1', controlKey, status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc' };

describe('createTestCallback', () => {
  it("signs with the reference checksum (docs/reference/callbacks.md's vector) and sends what the gateway sends", async () => {
    const request = await createTestCallback({ ...base, amount: '10.00', type: 'sale' });
    expect(request.method).toBe('GET');
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://shop.example/callbacks');
    expect([...url.searchParams]).toEqual([
      ['shop', '1'],
      ['status', 'approved'],
      ['orderid', '1234567'],
      ['merchant_order', 'hf-abc'],
      ['amount', '10.00'],
      ['type', 'sale'],
      ['client_orderid', 'hf-abc'],
      ['control', '652ace404c4dfe8bba069ecee594ec23a89340e1'],
    ]);
  });

  it('is accepted by createCallbackHandler with the same key and refused with another', async () => {
    const settled: string[] = [];
    const handler = (key: string) =>
      createCallbackHandler({
        controlKey: key,
        findOrder: (merchantOrder) => (merchantOrder === 'order-55' ? { amount: '10.00' } : undefined),
        onCallback: (callback) => void settled.push(`${callback.merchantOrder} ${callback.status}`),
      });
    const callback = { url: 'https://shop.example/cb', controlKey, status: 'declined', orderid: '902', merchantOrder: 'order-55', amount: '10.00' };
    const accepted = await handler(controlKey)(await createTestCallback(callback));
    expect(accepted.status).toBe(200);
    expect(settled).toEqual(['order-55 declined']);
    const refused = await handler('another-key')(await createTestCallback(callback));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('refused: checksum_mismatch');
    expect(settled).toEqual(['order-55 declined']);
    const made = await createTestCallback({ ...callback, controlKey: 'another-key' });
    expect((await verifyCallback(new URL(made.url).searchParams, { controlKey })).ok).toBe(false);
  });

  it('refuses options it cannot make a callback of, naming each', async () => {
    const error = await createTestCallback({
      ...base,
      url: 'https://shop.example/cb?status=x',
      controlKey: '',
      control: 'abc',
      amount: 10 as unknown as string,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayValidationError).issues.map((issue) => issue.field)).toEqual(['controlKey', 'control', 'amount', 'url']);
    await expect(createTestCallback({ ...base, url: 'ftp://shop.example/' })).rejects.toThrow(/url: must be an http: or https: URL/);
  });
});

describe("the README's unit test of the receiver (examples/callback-receiver.test.mjs)", () => {
  const file = fileURLToPath(new URL('../examples/callback-receiver.test.mjs', import.meta.url));

  it('passes under node --test, both tests', () => {
    const out = execFileSync(process.execPath, ['--test', '--test-reporter=tap', file], { encoding: 'utf8', timeout: 60_000 });
    expect(out).toMatch(/^# pass 2$/m);
    expect(out).toMatch(/^# fail 0$/m);
  });

  it('is in the README verbatim', () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain(readFileSync(file, 'utf8'));
  });
});
