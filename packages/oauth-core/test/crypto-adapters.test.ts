// The crypto adapters (src/adapters/): what each entry's defaultAdapter says of itself, runtimes without crypto.subtle or without any crypto,
// CryptoKeys of the wrong algorithm or hash, keys a backend refuses to import, KeyObject-like
// values that export no RSA members, and signatures of the wrong length. Imports src.
import { createPublicKey, generateKeyPairSync, randomFillSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rsaVectors from '../../../conformance/vectors/rsa-published.json' with { type: 'json' };
import { hmacAdapter } from '../src/adapters/webcrypto-hmac.js';
import * as js from '../src/entries/js.js';
import * as node from '../src/entries/node.js';
import * as webcrypto from '../src/entries/webcrypto.js';
import { writeElement } from '../src/keys/der.js';
import { readPem, writePem } from '../src/keys/pem.js';
import type { SyncSigner } from '../src/signer/create-signer.js';

const oauthlib = (rsaVectors.cases as { id: string; privateKeyPem: string; privateKeyPemPkcs8?: string; publicKeyPem?: string }[]).find(
  (c) => c.id === 'oauthlib-rsa-sha256',
)!;
const PKCS8_PEM = oauthlib.privateKeyPemPkcs8!;
const SPKI_PEM = createPublicKey(oauthlib.privateKeyPem).export({ type: 'spki', format: 'pem' }) as string;
const BASE = 'POST&https%3A%2F%2Fgate.example%2Fpayment&amount%3D10.00';
const RSA_SHA256 = { signatureMethod: 'RSA-SHA256', minimumRsaKeyBits: 1024 } as const;

async function refusal(fn: () => unknown): Promise<{ code: string | undefined; message: string }> {
  try {
    await fn();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("each entry's defaultAdapter", () => {
  it('names its backend and says whether it is synchronous, and signers made with it follow', () => {
    const request = { url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } };
    const options = { consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1', nonce: () => 'n', timestamp: () => 1 } as const;
    const expected = node.createSigner(options).signSync(request);
    for (const [name, entry, synchronous] of [
      ['node', node, true],
      ['js', js, true],
      ['webcrypto', webcrypto, false],
    ] as const) {
      expect(entry.defaultAdapter.name).toBe(name);
      expect(entry.defaultAdapter.synchronous).toBe(synchronous);
      const signer = entry.createSigner({ ...options, adapter: entry.defaultAdapter }) as SyncSigner;
      expect(signer.adapterName).toBe(name);
      if (synchronous) expect(signer.signSync(request)).toEqual(expected);
      else expect('signSync' in signer).toBe(false);
    }
  });

  it("the HMAC-only adapter of /hmac names itself 'webcrypto-hmac'", () => {
    expect(hmacAdapter.name).toBe('webcrypto-hmac');
    expect(hmacAdapter.synchronous).toBe(false);
  });
});

describe('runtimes without crypto.subtle', () => {
  it('the WebCrypto HMAC refuses with ADAPTER_UNAVAILABLE, with or without a crypto object', async () => {
    const expected = { code: 'ADAPTER_UNAVAILABLE', message: 'this runtime has no crypto.subtle: use the js adapter' };
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => randomFillSync(bytes) });
    expect(await refusal(() => hmacAdapter.hmac('SHA-1', 'k'))).toEqual(expected);
    vi.stubGlobal('crypto', undefined);
    expect(await refusal(() => hmacAdapter.hmac('SHA-1', 'k'))).toEqual(expected);
  });

  it('the WebCrypto RSA adapter refuses with ADAPTER_UNAVAILABLE, not as a refused key, for a private and a public key', async () => {
    const expected = { code: 'ADAPTER_UNAVAILABLE', message: 'this runtime has no crypto.subtle: use the js adapter' };
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => randomFillSync(bytes) });
    expect(await refusal(() => webcrypto.signBaseString(BASE, { ...RSA_SHA256, privateKey: PKCS8_PEM }))).toEqual(expected);
    expect(await refusal(() => webcrypto.verifyBaseString(BASE, 'AAAA', { ...RSA_SHA256, publicKey: SPKI_PEM }))).toEqual(expected);
  });

  it('the automatic entry loads without any crypto global, picks the pure-JS adapter (loaded when the key is prepared), and signs HMAC', async () => {
    vi.resetModules();
    vi.stubGlobal('crypto', undefined);
    const auto = await import('../src/entries/auto.js');
    expect(auto.defaultAdapter).toMatchObject({ name: 'js', synchronous: false });
    const options = { consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1', nonce: () => 'n', timestamp: () => 1 } as const;
    const request = { url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } };
    const signed = await auto.createSigner(options).sign(request);
    // Without a nonce function, the nonce needs crypto.getRandomValues: a typed refusal, not a TypeError.
    const noNonce = await auto
      .createSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'HMAC-SHA1' })
      .sign(request)
      .catch((error: unknown) => error);
    expect(noNonce).toMatchObject({ code: 'ADAPTER_UNAVAILABLE', message: expect.stringContaining('getRandomValues') });
    vi.unstubAllGlobals();
    expect(signed).toEqual(node.createSigner(options).signSync(request));
  });
});

describe('the WebCrypto adapter and CryptoKeys', () => {
  const importPrivate = (algorithm: RsaHashedImportParams) =>
    crypto.subtle.importKey('pkcs8', readPem(PKCS8_PEM).der as Uint8Array<ArrayBuffer>, algorithm, false, ['sign']);
  const importPublic = (algorithm: RsaHashedImportParams) =>
    crypto.subtle.importKey('spki', readPem(SPKI_PEM).der as Uint8Array<ArrayBuffer>, algorithm, false, ['verify']);

  it('refuses a CryptoKey made for another hash or another RSA algorithm, naming the one needed', async () => {
    const expected = { code: 'INVALID_KEY', message: 'the CryptoKey must be RSASSA-PKCS1-v1_5 with SHA-256' };
    for (const algorithm of [
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' },
      { name: 'RSA-PSS', hash: 'SHA-256' },
    ]) {
      const privateKey = await importPrivate(algorithm);
      expect(await refusal(() => webcrypto.signBaseString(BASE, { ...RSA_SHA256, privateKey }))).toEqual(expected);
      const publicKey = await importPublic(algorithm);
      expect(await refusal(() => webcrypto.verifyBaseString(BASE, 'AAAA', { ...RSA_SHA256, publicKey }))).toEqual(expected);
    }
    const right = await importPrivate({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' });
    expect(await webcrypto.signBaseString(BASE, { ...RSA_SHA256, privateKey: right })).toBe(
      await node.signBaseString(BASE, { ...RSA_SHA256, privateKey: PKCS8_PEM }),
    );
  });

  it('says which format crypto.subtle refused when the key container is readable but the key is not', async () => {
    const garbage = '-----BEGIN PRIVATE KEY-----\nAAEC\n-----END PRIVATE KEY-----';
    expect(await refusal(() => webcrypto.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: garbage }))).toEqual({
      code: 'INVALID_KEY',
      message: 'crypto.subtle refused the RSA key (pkcs8)',
    });
    const jwk = { kty: 'RSA', n: 'AQAB', e: 'AQAB', d: 'AQAB' } as const;
    expect(await refusal(() => webcrypto.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: jwk, minimumRsaKeyBits: 0 }))).toEqual({
      code: 'INVALID_KEY',
      message: 'crypto.subtle refused the RSA key (jwk)',
    });
  });
});

describe('the node:crypto adapter and keys it cannot import', () => {
  const one = Uint8Array.of(0x02, 0x01, 0x01);

  it('wraps the import failure in INVALID_KEY, saying which key, quoting nothing of it', async () => {
    // Well-formed containers the key readers accept, whose numbers node:crypto refuses.
    const privatePem = writePem('RSA PRIVATE KEY', writeElement(0x30, ...Array.from({ length: 9 }, () => one)));
    expect(await refusal(() => node.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: privatePem, minimumRsaKeyBits: 0 }))).toEqual({
      code: 'INVALID_KEY',
      message: 'node:crypto could not import the RSA private key',
    });
    const publicPem = writePem('RSA PUBLIC KEY', writeElement(0x30, Uint8Array.of(0x02, 0x01, 0x05), Uint8Array.of(0x04, 0x01, 0x03)));
    expect(await refusal(() => node.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: publicPem, minimumRsaKeyBits: 0 }))).toEqual({
      code: 'INVALID_KEY',
      message: 'node:crypto could not import the RSA public key',
    });
  });
});

describe('degenerate public keys never verify, in every adapter', () => {
  // Only reachable with minimumRsaKeyBits lowered below the default 2048; each adapter must answer
  // false, not throw its backend's error.
  it('a key too short for the hash (512 bits with SHA-512)', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 512 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const signature = Buffer.alloc(64).toString('base64');
    for (const entry of [node, js, webcrypto]) {
      expect(await entry.verifyBaseString(BASE, signature, { signatureMethod: 'RSA-SHA512', publicKey: pem, minimumRsaKeyBits: 512 })).toBe(false);
    }
  });

  it('a JWK with an empty modulus', async () => {
    const jwk = { kty: 'RSA', n: '', e: 'AQAB' } as const;
    for (const entry of [node, js, webcrypto]) {
      expect(await entry.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: jwk, minimumRsaKeyBits: 0 })).toBe(false);
    }
  });
});

describe('the pure-JS adapter', () => {
  it('says it cannot use a CryptoKey', async () => {
    const cryptoKey = await crypto.subtle.importKey(
      'pkcs8',
      readPem(PKCS8_PEM).der as Uint8Array<ArrayBuffer>,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    expect(await refusal(() => js.signBaseString(BASE, { ...RSA_SHA256, privateKey: cryptoKey }))).toEqual({
      code: 'INVALID_KEY',
      message: 'the js adapter cannot use a CryptoKey; pass the key as PEM or JWK',
    });
  });

  it('refuses a KeyObject whose JWK export lacks an RSA member, naming the member', async () => {
    const keyObject = (type: 'private' | 'public', exported: object) => ({
      type,
      asymmetricKeyType: 'rsa',
      asymmetricKeyDetails: { modulusLength: 2048 },
      export: () => exported,
    });
    expect(await refusal(() => js.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: keyObject('private', { e: 'AQAB', d: 'AQAB' }) }))).toEqual(
      {
        code: 'INVALID_KEY',
        message: 'the RSA JWK lacks the "n" member',
      },
    );
    expect(await refusal(() => js.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: keyObject('public', { n: 'AQAB' }) }))).toEqual({
      code: 'INVALID_KEY',
      message: 'the RSA JWK lacks the "e" member',
    });
  });

  it('answers false, never throws, for a signature shorter or longer than the modulus', async () => {
    const verify = await js.defaultAdapter.rsaPublic('SHA-256', SPKI_PEM, 1024);
    const signature = Buffer.from(await js.signBaseString(BASE, { ...RSA_SHA256, privateKey: PKCS8_PEM }), 'base64');
    expect(await verify(BASE, signature)).toBe(true);
    expect(await verify(BASE, signature.subarray(1))).toBe(false);
    expect(await verify(BASE, new Uint8Array(3))).toBe(false);
    expect(await verify(BASE, new Uint8Array(129).fill(0xff))).toBe(false);
  });
});

describe('a private key too short for its hash (only with minimumRsaKeyBits lowered)', () => {
  // RSASSA-PKCS1-v1_5 needs the modulus 11 bytes longer than the DigestInfo: 745 bits for SHA-512.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 512 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const expected = {
    code: 'WEAK_KEY',
    message: 'the RSA key has 512 bits: too short to sign a SHA-512 digest (RSASSA-PKCS1-v1_5 needs at least 745)',
  };

  it('is refused with WEAK_KEY by every adapter, never with the backend’s own error', async () => {
    for (const entry of [node, js, webcrypto]) {
      expect(await refusal(() => entry.signBaseString(BASE, { signatureMethod: 'RSA-SHA512', privateKey: pem, minimumRsaKeyBits: 512 }))).toEqual(expected);
    }
  });

  it('still signs a digest it has room for (SHA-256 needs 489 bits), the same bytes in every adapter', async () => {
    const credentials = { signatureMethod: 'RSA-SHA256', privateKey: pem, minimumRsaKeyBits: 512 } as const;
    const signature = await node.signBaseString(BASE, credentials);
    expect(await js.signBaseString(BASE, credentials)).toBe(signature);
    expect(await webcrypto.signBaseString(BASE, credentials)).toBe(signature);
  });
});
