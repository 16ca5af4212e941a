import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner, createVerifier, type NonceStore } from '@paysign/oauth-core';
import { ENGINE_NAMES, type Engines, sleep, startEngines } from '../_engines.js';

// Issue 35, low: the Redis nonce store measured a nonce's time to live on the instance's clock.
// With one instance 297 s ahead, a copy of its signed transfer was accepted by another 5 s later.
// Here two verifiers share each real engine's nonce store, their clocks injected 297 s apart (the
// verifier's window is 300 s): a request accepted by one is refused by the other, however their
// clocks stand to the engine's.

const SECRET = 'control-key-for-the-clock-skew-attack';
const URL = 'https://gate.example/payment/api/v4/transfer/1234';
let engines: Engines;
beforeAll(async () => {
  engines = await startEngines();
});
afterAll(async () => {
  await engines?.close();
});

const verifier = (nonceStore: NonceStore, offsetSeconds: number) =>
  createVerifier({ lookup: () => ({ consumerSecret: SECRET }), nonceStore, now: () => Math.floor(Date.now() / 1000) + offsetSeconds });

async function signed(timestampOffset = 0) {
  const signer = createSigner({
    consumerKey: 'merchant',
    consumerSecret: SECRET,
    signatureMethod: 'HMAC-SHA1',
    timestamp: () => Math.floor(Date.now() / 1000) + timestampOffset,
  });
  const request = await signer.sign({ url: URL, params: { amount: '10.00', client_orderid: 'o-1' } });
  return { method: request.method, url: request.url, authorization: request.authorization, body: request.body };
}

describe('clock skew of ±300 s between instances opens no replay (issue 35)', () => {
  for (const [index, name] of ENGINE_NAMES.entries()) {
    it(`${name}: accepted by the instance 297 s ahead, its copy 5 s later refused by the instance on time`, async () => {
      const subject = engines.subjects[index]!;
      const [ahead, onTime] = [verifier(subject.nonces(), 297), verifier(subject.nonces(), 0)];
      const request = await signed();
      expect((await ahead.verify(request)).ok).toBe(true);
      await sleep(5_000);
      const copy = await onTime.verify(request);
      expect([copy.ok, !copy.ok && copy.reason]).toEqual([false, 'replayed_nonce']);
      expect((await ahead.verify(request)).ok).toBe(false);
    }, 20_000);

    it(`${name}: a request 350 s old, accepted by an instance 297 s behind the engine, is refused to its copy on another such instance`, async () => {
      const subject = engines.subjects[index]!;
      const [behind, alsoBehind, onTime] = [verifier(subject.nonces(), -297), verifier(subject.nonces(), -297), verifier(subject.nonces(), 0)];
      const request = await signed(-350);
      // Stale by the engine's clock, within the window of the instances behind it.
      const stale = await onTime.verify(request);
      expect([stale.ok, !stale.ok && stale.reason]).toEqual([false, 'stale_timestamp']);
      expect((await behind.verify(request)).ok).toBe(true);
      const copy = await alsoBehind.verify(request);
      expect([copy.ok, !copy.ok && copy.reason]).toEqual([false, 'replayed_nonce']);
    });
  }
});
