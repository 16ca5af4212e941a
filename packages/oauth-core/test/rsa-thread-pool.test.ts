// The node adapter's RSA-*: sign() and signBaseString() sign on node:crypto's thread pool (the
// event loop turns while signatures are in flight), signSync() on the calling thread, and all
// three make the same bytes (RSASSA-PKCS1-v1_5 is deterministic). Imports src.
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adapter } from '../src/adapters/node.js';
import * as node from '../src/entries/node.js';

// 4096 bits: one signature takes milliseconds, far longer than one turn of an idle event loop.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const REQUEST = { url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } };
const OPTIONS = { consumerKey: 'merchant', privateKey: PEM, signatureMethod: 'RSA-SHA256', nonce: () => 'n', timestamp: () => 1 } as const;

/** Resolves `work`, and tells whether a setImmediate queued before it began ran before it settled. */
async function eventLoopTurnedDuring<T>(work: () => Promise<T>): Promise<{ value: T; turned: boolean }> {
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  const value = await work();
  return { value, turned };
}

describe('RSA through the node adapter', () => {
  it('prepares a synchronous function with an offThread twin', async () => {
    const sign = await adapter.rsaPrivate!('SHA-256', PEM, 2048);
    expect(typeof sign.offThread).toBe('function');
    const now = sign('base');
    expect(typeof now).toBe('string');
    await expect(sign.offThread!('base')).resolves.toBe(now);
    // HMAC stays on the calling thread: a few microseconds, less than a hop to the pool.
    expect((await adapter.hmac('SHA-1', 'k&')).offThread).toBeUndefined();
  });

  it('sign() lets the event loop turn while 8 signatures are in flight, and signs the bytes signSync signs', async () => {
    const signer = node.createSigner(OPTIONS);
    const expected = signer.signSync(REQUEST);
    const { value, turned } = await eventLoopTurnedDuring(() => Promise.all(Array.from({ length: 8 }, () => signer.sign(REQUEST))));
    expect(turned).toBe(true);
    for (const signed of value) expect(signed).toEqual(expected);
    expect(verify('sha256', Buffer.from(expected.baseString), createPublicKey(privateKey), Buffer.from(expected.signature, 'base64'))).toBe(true);
  });

  it('signSync() signs on the calling thread: no turn of the event loop, a string at once', async () => {
    const signer = node.createSigner(OPTIONS);
    const { value, turned } = await eventLoopTurnedDuring(async () => signer.signSync(REQUEST));
    expect(turned).toBe(false);
    expect(typeof value.signature).toBe('string');
  });

  it('signBaseString() signs on the thread pool too, to the same bytes', async () => {
    const credentials = { signatureMethod: 'RSA-SHA256', privateKey: PEM } as const;
    const sync = (await adapter.rsaPrivate!('SHA-256', PEM, 2048))('POST&https%3A%2F%2Fgate.example%2F&a%3D1');
    const { value, turned } = await eventLoopTurnedDuring(() => node.signBaseString('POST&https%3A%2F%2Fgate.example%2F&a%3D1', credentials));
    expect(turned).toBe(true);
    expect(value).toBe(sync);
  });
});
