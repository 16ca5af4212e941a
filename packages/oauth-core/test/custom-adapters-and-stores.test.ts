// The seams between the core and what a caller plugs in: custom adapters (synchronous or not,
// without RSA), a custom nonce store (what key, expiry and scope it is given), signature method
// names, and how the signer and verifier report each. Imports src, like the other unit tests.
import { describe, expect, it } from 'vitest';
import type { CryptoAdapter } from '../src/adapters/types.js';
import { hmacAdapter } from '../src/entries/hmac.js';
import * as node from '../src/entries/node.js';
import * as webcrypto from '../src/entries/webcrypto.js';
import { thrown } from './_support.js';

const URL_ = 'https://gate.example/payment/api/v4/transfer/42';
const T0 = 1_700_000_000;
const base = { consumerKey: 'merchant', consumerSecret: 'control-key', signatureMethod: 'HMAC-SHA1' as const, nonce: () => 'n1', timestamp: () => T0 };
const randomBytes = (length: number) => new Uint8Array(length).fill(7);

describe('signers over custom adapters', () => {
  it('reports its method and adapter', () => {
    const signer = node.createSigner(base);
    expect([signer.signatureMethod, signer.adapterName]).toEqual(['HMAC-SHA1', 'node']);
    expect(node.createSigner({ ...base, adapter: hmacAdapter }).adapterName).toBe(hmacAdapter.name);
    expect('signSync' in node.createSigner({ ...base, adapter: hmacAdapter })).toBe(false);
  });

  it('a "synchronous" adapter that prepares its key asynchronously: signSync refuses until sign() has prepared it', async () => {
    const adapter: CryptoAdapter = { name: 'late', synchronous: true, hmac: async () => (data: string) => `sig:${data.length}`, randomBytes };
    const signer = node.createSigner({ ...base, adapter }) as ReturnType<typeof node.createSigner> & { signSync?: (r: object) => { signature: string } };
    expect(thrown(() => signer.signSync!({ url: URL_ }))).toEqual({ code: 'SYNC_UNSUPPORTED', message: 'the late adapter signed asynchronously; use sign()' });
    const signed = await signer.sign({ url: URL_ });
    expect(signed.signature).toBe(`sig:${signed.baseString.length}`);
    expect(signer.signSync!({ url: URL_ }).signature).toBe(signed.signature);
  });

  it('a "synchronous" adapter whose signing function returns a promise: signSync refuses, sign() works', async () => {
    const adapter: CryptoAdapter = { name: 'lying', synchronous: true, hmac: () => async () => 'c2ln', randomBytes };
    const signer = node.createSigner({ ...base, adapter }) as unknown as { signSync(r: object): unknown; sign(r: object): Promise<{ signature: string }> };
    expect(thrown(() => signer.signSync({ url: URL_ }))?.code).toBe('SYNC_UNSUPPORTED');
    expect((await signer.sign({ url: URL_ })).signature).toBe('c2ln');
  });

  // Regression: the signer kept a derived promise of the failed import with no handler, so a
  // signer made with an unreadable key and not used in the same tick crashed Node with an
  // unhandled rejection (webcrypto entry, any bad RSA key).
  it('a key whose asynchronous import fails: sign() rejects with that error, and nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const failure = new Error('import failed');
      const adapter: CryptoAdapter = { name: 'failing', synchronous: false, hmac: () => Promise.reject(failure), randomBytes };
      const custom = node.createSigner({ ...base, adapter });
      const rsa = webcrypto.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256', privateKey: 'not a key' });
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
      await expect(custom.sign({ url: URL_ })).rejects.toBe(failure);
      await expect(custom.sign({ url: URL_ })).rejects.toBe(failure);
      await expect(rsa.sign({ url: URL_ })).rejects.toMatchObject({ code: 'INVALID_KEY' });
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('an adapter without RSA (the /hmac one): RSA refused with ADAPTER_UNAVAILABLE naming the adapter and what is missing', async () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----';
    expect(thrown(() => node.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256', privateKey: pem, adapter: hmacAdapter }))).toEqual({
      code: 'ADAPTER_UNAVAILABLE',
      message: `the ${hmacAdapter.name} adapter cannot sign with RSA: it has no rsaPrivate`,
    });
    await expect(node.verifyBaseString('b', 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: pem }, hmacAdapter)).rejects.toMatchObject({
      code: 'ADAPTER_UNAVAILABLE',
      message: `the ${hmacAdapter.name} adapter cannot verify RSA signatures: it has no rsaPublic`,
    });
    expect(thrown(() => node.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256' } as never))).toEqual({
      code: 'MISSING_KEY',
      message: 'privateKey is required for RSA-SHA256',
    });
    await expect(node.signBaseString('b', { signatureMethod: 'RSA-SHA1', privateKey: null } as never)).rejects.toMatchObject({
      code: 'MISSING_KEY',
      message: 'privateKey is required for RSA-SHA1',
    });
    await expect(node.verifyBaseString('b', 'AAAA', { signatureMethod: 'RSA-SHA512', publicKey: null } as never)).rejects.toMatchObject({
      code: 'MISSING_KEY',
      message: 'publicKey is required to verify RSA-SHA512',
    });
  });
});

describe('signature methods', () => {
  it('signatureMethods lists the seven methods in order, frozen', () => {
    expect(node.signatureMethods).toEqual(['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512', 'PLAINTEXT']);
    expect(Object.isFrozen(node.signatureMethods)).toBe(true);
  });

  it('only exact names: Object.prototype members, other cases and empty strings are unsupported, and the message lists the methods', async () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hmac-sha1', 'HMAC-SHA1 ', '', 'RSA-SHA384']) {
      expect(thrown(() => node.createSigner({ ...base, signatureMethod: name as never }))).toEqual({
        code: 'UNSUPPORTED_SIGNATURE_METHOD',
        message: 'signatureMethod must be one of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT',
      });
    }
    const verifier = node.createVerifier({ lookup: () => ({ consumerSecret: 'k' }), now: () => T0 });
    const header = node.formatAuthorizationHeader({
      oauth_consumer_key: 'merchant',
      oauth_nonce: 'n',
      oauth_signature_method: 'toString',
      oauth_timestamp: String(T0),
      oauth_signature: 'x',
    });
    expect(await verifier.verify({ method: 'POST', url: URL_, authorization: header })).toMatchObject({ ok: false, reason: 'unsupported_signature_method' });
  });

  it('the HMAC key and PLAINTEXT signature: encoded secrets joined by &, an absent token secret empty, a non-string one refused', async () => {
    expect(await node.signBaseString('x', { signatureMethod: 'PLAINTEXT', consumerSecret: 'a&b', tokenSecret: 'c d' })).toBe('a%26b&c%20d');
    expect(await node.signBaseString('x', { signatureMethod: 'PLAINTEXT', consumerSecret: 'a' })).toBe('a&');
    await expect(node.signBaseString('x', { signatureMethod: 'PLAINTEXT', consumerSecret: 'a', tokenSecret: 5 as never })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'tokenSecret must be a string',
    });
    await expect(node.signBaseString('x', { signatureMethod: 'HMAC-SHA1' } as never)).rejects.toMatchObject({
      code: 'MISSING_SECRET',
      message: 'consumerSecret is required for HMAC and PLAINTEXT',
    });
  });
});

describe('the verifier and its nonce store', () => {
  it('remembers each accepted nonce under consumer, token, timestamp and nonce, until nonceExpiry, scoped by consumer', async () => {
    const calls: unknown[][] = [];
    let answer: boolean | 'full' = true;
    const nonceStore = { remember: (...args: unknown[]) => (calls.push(args), answer) };
    const verifier = node.createVerifier({
      lookup: () => ({ consumerSecret: 'control-key', tokenSecret: 'ts' }),
      now: () => T0 + 5,
      nonceStore,
      timestampWindowSeconds: 60,
    });
    const signed = await node.createSigner({ ...base, token: 'tok', tokenSecret: 'ts' }).sign({ url: URL_ });
    const request = { method: 'POST', url: signed.url, authorization: signed.authorization, body: signed.body };
    expect((await verifier.verify(request)).ok).toBe(true);
    expect(calls).toEqual([[`merchant\u0000tok\u0000${T0}\u0000n1`, node.nonceExpiry(T0, 60), 'merchant']]);
    expect(node.nonceExpiry(T0, 60)).toBe(T0 + 61);
    answer = false;
    expect(await verifier.verify(request)).toMatchObject({
      ok: false,
      reason: 'replayed_nonce',
      message: 'oauth_nonce was already used with this timestamp',
      baseString: signed.baseString,
    });
    answer = 'full';
    expect(await verifier.verify(request)).toMatchObject({ ok: false, reason: 'nonce_store_full', baseString: signed.baseString });
    // Refused requests never reach the store.
    const before = calls.length;
    await verifier.verify({ ...request, body: 'x=1' });
    expect(calls.length).toBe(before);
  });

  it('an empty Authorization header is no header: missing_parameter, without a base string', async () => {
    const verifier = node.createVerifier({ lookup: () => ({ consumerSecret: 'k' }), now: () => T0 });
    const result = await verifier.verify({ method: 'POST', url: URL_, authorization: '', body: 'amount=1' });
    expect(result).toEqual({ ok: false, reason: 'missing_parameter', message: 'oauth_consumer_key is missing' });
    const malformed = await verifier.verify({ method: 'POST', url: URL_, authorization: 'Bearer x' });
    expect(malformed).toEqual({ ok: false, reason: 'malformed_request', message: 'the Authorization header does not use the OAuth scheme' });
  });

  it("imports a consumer's keys once per record and method, and asks lookup on every request", async () => {
    let reads = 0;
    const record = {
      signatureMethods: ['HMAC-SHA1' as const],
      get consumerSecret() {
        reads++;
        return 'control-key';
      },
    };
    let lookups = 0;
    const verifier = node.createVerifier({ lookup: () => (lookups++, record), now: () => T0 });
    for (let i = 0; i < 3; i++) {
      const signed = await node.createSigner({ ...base, nonce: () => `n${i}` }).sign({ url: URL_ });
      expect((await verifier.verify({ method: 'POST', url: signed.url, authorization: signed.authorization, body: signed.body })).ok).toBe(true);
    }
    expect(lookups).toBe(3);
    expect(reads).toBeGreaterThan(0);
    const afterFirst = reads;
    const signed = await node.createSigner({ ...base, nonce: () => 'n9' }).sign({ url: URL_ });
    await verifier.verify({ method: 'POST', url: signed.url, authorization: signed.authorization, body: signed.body });
    expect(reads).toBe(afterFirst);
  });
});
