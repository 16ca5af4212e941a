// A signer's errors say where the cause lies (issue #20 item 4): in the options (`source`
// 'options', `field` the option: fix the configuration) or in one request (`source` 'request',
// `field` its member: fix the call). A bad `timestamp()` is an option error naming `timestamp`,
// not a key error. On every entry point, sync and async, at creation and at sign().
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CryptoAdapter } from '../src/adapters/types.js';
import { createHmacSigner, hmacAdapter } from '../src/entries/hmac.js';
import { createSigner } from '../src/entries/node.js';
import { createSigner as createWebCryptoSigner } from '../src/entries/webcrypto.js';
import { createVerifier } from '../src/entries/node.js';
import { OAuthError } from '../src/errors.js';

const URL_ = 'https://gate.example/payment/api/v4/transfer/1';
const hmac = { consumerKey: 'merchant', consumerSecret: 'control-key', signatureMethod: 'HMAC-SHA1' } as const;

/** Where what `fn` throws (or rejects with) lies: its class, code, source and field. */
async function where(fn: () => unknown): Promise<{ isOAuthError: boolean; code: unknown; source: unknown; field: unknown } | undefined> {
  try {
    await fn();
  } catch (error) {
    const e = error as OAuthError;
    return { isOAuthError: error instanceof OAuthError, code: e.code, source: e.source, field: e.field };
  }
  return undefined;
}

describe('option errors name the option', () => {
  it('what timestamp() and nonce() give, at sign() and signSync()', async () => {
    for (const timestamp of [() => Date.now(), () => 0, () => '12a']) {
      const signer = createSigner({ ...hmac, timestamp });
      expect(await where(() => signer.sign({ url: URL_ }))).toEqual({ isOAuthError: true, code: 'INVALID_PARAMETER', source: 'options', field: 'timestamp' });
      expect(await where(() => signer.signSync({ url: URL_ }))).toEqual({
        isOAuthError: true,
        code: 'INVALID_PARAMETER',
        source: 'options',
        field: 'timestamp',
      });
    }
    const noNonce = createSigner({ ...hmac, nonce: () => '' });
    expect(await where(() => noNonce.signSync({ url: URL_ }))).toEqual({ isOAuthError: true, code: 'INVALID_PARAMETER', source: 'options', field: 'nonce' });
  });

  it('what timestamp() and nonce() throw themselves is about that option, not the request', async () => {
    // A nonce() that draws from oauth-core's own nonce source with a broken adapter, say, throws an OAuthError of its own.
    const refusing = () => {
      throw new OAuthError('ADAPTER_UNAVAILABLE', 'no randomness here');
    };
    const badNonce = createSigner({ ...hmac, nonce: refusing });
    const badTimestamp = createSigner({ ...hmac, timestamp: refusing });
    for (const [signer, field] of [
      [badNonce, 'nonce'],
      [badTimestamp, 'timestamp'],
    ] as const) {
      const expected = { isOAuthError: true, code: 'ADAPTER_UNAVAILABLE', source: 'options', field };
      expect(await where(() => signer.signSync({ url: URL_ }))).toEqual(expected);
      expect(await where(() => signer.sign({ url: URL_ }))).toEqual(expected);
    }
  });

  it('credentials at creation: the method, the secret, the key, its size, the consumer key', async () => {
    const cases: [() => unknown, string, string][] = [
      [() => createSigner({ ...hmac, signatureMethod: 'HMAC-MD5' as never }), 'UNSUPPORTED_SIGNATURE_METHOD', 'signatureMethod'],
      [() => createSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1' } as never), 'MISSING_SECRET', 'consumerSecret'],
      [() => createSigner({ ...hmac, tokenSecret: 5 } as never), 'INVALID_PARAMETER', 'tokenSecret'],
      [() => createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256' } as never), 'MISSING_KEY', 'privateKey'],
      [() => createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: 'not a key' }), 'INVALID_KEY', 'privateKey'],
      [
        () => createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: 'x', minimumRsaKeyBits: -1 }),
        'INVALID_PARAMETER',
        'minimumRsaKeyBits',
      ],
      [() => createSigner({ ...hmac, consumerKey: '' }), 'INVALID_PARAMETER', 'consumerKey'],
      [() => createSigner({ ...hmac, token: '' }), 'INVALID_PARAMETER', 'token'],
      [
        () => createHmacSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'RSA-SHA256' as never }),
        'UNSUPPORTED_SIGNATURE_METHOD',
        'signatureMethod',
      ],
      [
        () => createHmacSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'PLAINTEXT' as never }),
        'UNSUPPORTED_SIGNATURE_METHOD',
        'signatureMethod',
      ],
      [() => createVerifier({ lookup: () => undefined, timestampWindowSeconds: -1 }), 'INVALID_PARAMETER', 'timestampWindowSeconds'],
    ];
    for (const [fn, code, field] of cases) expect(await where(fn), field).toEqual({ isOAuthError: true, code, source: 'options', field });
  });

  it('the options themselves (signer and verifier), a key too short, an adapter without RSA, an adapter that signs asynchronously', async () => {
    expect(await where(() => createSigner(null as never))).toEqual({ isOAuthError: true, code: 'INVALID_PARAMETER', source: 'options', field: undefined });
    for (const options of [null, {}, { lookup: 'merchants' }]) {
      expect(await where(() => createVerifier(options as never))).toEqual({
        isOAuthError: true,
        code: 'INVALID_PARAMETER',
        source: 'options',
        field: 'lookup',
      });
    }
    // The key readers and the adapters name no option themselves: the signer says which one it was.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const rsa = { consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: pem } as const;
    expect(await where(() => createSigner(rsa))).toEqual({ isOAuthError: true, code: 'WEAK_KEY', source: 'options', field: 'privateKey' });
    expect(await where(() => createSigner({ ...rsa, adapter: hmacAdapter }))).toEqual({
      isOAuthError: true,
      code: 'ADAPTER_UNAVAILABLE',
      source: 'options',
      field: 'adapter',
    });
    // An adapter that says it is synchronous but whose signing function returns a promise.
    const adapter: CryptoAdapter = {
      name: 'lying',
      synchronous: true,
      hmac: () => async () => 'c2ln',
      randomBytes: (length) => new Uint8Array(length).fill(7),
    };
    const signer = createSigner({ ...hmac, adapter, nonce: () => 'n1' }) as unknown as { signSync(request: object): unknown };
    expect(await where(() => signer.signSync({ url: URL_ }))).toEqual({ isOAuthError: true, code: 'SYNC_UNSUPPORTED', source: 'options', field: 'adapter' });
  });

  it('a key refused by an asynchronous import (crypto.subtle) rejects sign() as an option error naming privateKey', async () => {
    const signer = createWebCryptoSigner({
      consumerKey: 'merchant',
      signatureMethod: 'RSA-SHA256',
      privateKey: '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----',
    });
    const found = await where(() => signer.sign({ url: URL_ }));
    expect(found).toMatchObject({ isOAuthError: true, source: 'options', field: 'privateKey' });
    expect(['INVALID_KEY', 'WEAK_KEY']).toContain(found?.code);
  });
});

describe('request errors name the member of the request', () => {
  it('method, url, params and oauthParams, each at sign() and signSync()', async () => {
    const signer = createSigner(hmac);
    const cases: [Parameters<typeof signer.signSync>[0], string, string][] = [
      [{ url: URL_, method: 'GE T' }, 'INVALID_METHOD', 'method'],
      [{ url: 'ftp://gate.example/' }, 'INVALID_URL', 'url'],
      [{ url: `${URL_}?oauth_nonce=1` }, 'INVALID_PARAMETER', 'url'],
      [{ url: `${URL_}?a=%zz` }, 'INVALID_STRING', 'url'],
      [{ url: URL_, params: { amount: {} as never } }, 'INVALID_PARAMETER', 'params'],
      [{ url: URL_, params: { oauth_signature: 'x' } }, 'INVALID_PARAMETER', 'params'],
      [{ url: URL_, params: { note: 'a\uD800' } }, 'INVALID_STRING', 'params'],
      [{ url: URL_, oauthParams: { oauth_nonce: 'mine' } }, 'INVALID_PARAMETER', 'oauthParams'],
    ];
    for (const [request, code, field] of cases) {
      expect(await where(() => signer.signSync(request)), field).toEqual({ isOAuthError: true, code, source: 'request', field });
      expect(await where(() => signer.sign(request)), field).toEqual({ isOAuthError: true, code, source: 'request', field });
    }
    expect(await where(() => signer.signSync(null as never))).toEqual({ isOAuthError: true, code: 'INVALID_PARAMETER', source: 'request', field: undefined });
  });

  it('the stand-alone functions name no source: the caller knows what it passed', async () => {
    const { percentEncode } = await import('../src/entries/node.js');
    expect(await where(() => percentEncode('\uD800'))).toEqual({ isOAuthError: true, code: 'INVALID_STRING', source: undefined, field: undefined });
  });
});
