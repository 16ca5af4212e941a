// Key inputs: PKCS#1 PEM (what the gateway's docs ask for), PKCS#8 PEM, PEM with escaped
// newlines (environment variables), JWK and CryptoKey all sign to the same bytes. WebCrypto only
// imports PKCS#8, so the PKCS#1 -> PKCS#8 wrapping is checked byte for byte (workerd would
// accept raw PKCS#1 and hide a broken conversion).
import { assert, suite, type Suite } from '../harness.js';
import { captureError, type Flavours, type OAuthCore } from './flavours.js';
import { key1024, key2048, pkcs1AndPkcs8 } from './rsa-keys.js';

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const BASE = 'POST&https%3A%2F%2Fgate.example%2Fpayment%2Fapi%2Fv4%2Ftransfer%2F42&amount%3D10.00%26oauth_consumer_key%3Dmerchant';

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}

async function privateJwk(core: OAuthCore, pkcs8Pem: string): Promise<JsonWebKey> {
  const der = core.readPem(pkcs8Pem).der;
  const key = await crypto.subtle.importKey('pkcs8', der as Uint8Array<ArrayBuffer>, RSA, true, ['sign']);
  return crypto.subtle.exportKey('jwk', key);
}

function keySuite(flavour: string, core: OAuthCore): Suite {
  return suite(`keys [${flavour}]`, (test) => {
    for (const v of pkcs1AndPkcs8) {
      test(`pkcs1PrivateToPkcs8 of ${v.id}'s PKCS#1 key equals its published PKCS#8 DER`, () => {
        const pkcs1 = core.readPem(v.privateKeyPem);
        assert.equal(pkcs1.label, 'RSA PRIVATE KEY');
        assert.deepEqual(core.pkcs1PrivateToPkcs8(pkcs1.der), core.readPem(v.privateKeyPemPkcs8!).der);
      });
    }

    test('pkcs1PublicToSpki of the PKCS#1 public key equals the SPKI that WebCrypto exports', async () => {
      const jwk = await privateJwk(core, key1024.pkcs8);
      const publicKey = await crypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n!, e: jwk.e! }, RSA, true, ['verify']);
      const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
      assert.deepEqual(core.pkcs1PublicToSpki(core.readPem(key1024.publicPkcs1).der), spki);
    });

    test('writePem -> readPem round-trips label and DER', () => {
      const der = core.readPem(key1024.pkcs8).der;
      const again = core.readPem(core.writePem('PRIVATE KEY', der));
      assert.equal(again.label, 'PRIVATE KEY');
      assert.deepEqual(again.der, der);
    });

    for (const [label, key, bits] of [
      ['1024-bit', key1024, 1024],
      ['2048-bit', key2048, 2048],
    ] as const) {
      test(`${label} key: PKCS#1 PEM, PKCS#8 PEM, escaped-\\n PEM, CRLF PEM, JWK and CryptoKey give identical signatures`, async () => {
        const pkcs8 = key.pkcs8;
        const inputs: [string, unknown][] = [
          ['PKCS#8 PEM', pkcs8],
          ['escaped \\n PEM', pkcs8.replace(/\n/g, '\\n')],
          ['CRLF PEM', pkcs8.replace(/\n/g, '\r\n')],
          ['JWK', await privateJwk(core, pkcs8)],
        ];
        if ('pkcs1' in key) inputs.push(['PKCS#1 PEM', key.pkcs1], ['escaped \\n PKCS#1 PEM', key.pkcs1.replace(/\n/g, '\\n')]);
        const cryptoKey = await crypto.subtle.importKey('pkcs8', core.readPem(pkcs8).der as Uint8Array<ArrayBuffer>, RSA, false, ['sign']);
        const signatures = new Map<string, string>();
        for (const [form, privateKey] of inputs) {
          signatures.set(form, await core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: privateKey as string, minimumRsaKeyBits: bits }));
        }
        const adapterName = core.createSigner({ consumerKey: 'merchant', signatureMethod: 'PLAINTEXT', consumerSecret: '' }).adapterName;
        const viaCryptoKey = await captureError(() =>
          core
            .createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: cryptoKey, minimumRsaKeyBits: bits })
            .sign({ url: 'https://gate.example/' }),
        );
        if (adapterName === 'js') {
          // The pure-JS adapter cannot read a non-extractable CryptoKey; it says so.
          assert.equal(codeOf(viaCryptoKey), 'INVALID_KEY');
        } else {
          assert.equal(viaCryptoKey, undefined, 'a CryptoKey signs');
          signatures.set('CryptoKey', await core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: cryptoKey, minimumRsaKeyBits: bits }));
        }
        const [first, ...rest] = [...signatures];
        for (const [form, signature] of rest) assert.equal(signature, first![1], `${form} vs ${first![0]}`);
        const spki = core.writePem('PUBLIC KEY', core.pkcs1PublicToSpki(await publicPkcs1(core, pkcs8)));
        assert.ok(await core.verifyBaseString(BASE, first![1], { signatureMethod: 'RSA-SHA256', publicKey: spki, minimumRsaKeyBits: bits }));
      });
    }

    test('a public key as SPKI PEM, PKCS#1 PEM, JWK (with or without the private members) and CryptoKey verifies the same signature', async () => {
      const credentials = { signatureMethod: 'RSA-SHA256', minimumRsaKeyBits: 1024 } as const;
      const signature = await core.signBaseString(BASE, { ...credentials, privateKey: key1024.pkcs1 });
      const jwk = await privateJwk(core, key1024.pkcs8);
      const spki = core.writePem('PUBLIC KEY', core.pkcs1PublicToSpki(core.readPem(key1024.publicPkcs1).der));
      const cryptoKey = await crypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n!, e: jwk.e! }, RSA, false, ['verify']);
      const adapterName = core.createSigner({ consumerKey: 'merchant', signatureMethod: 'PLAINTEXT', consumerSecret: '' }).adapterName;
      const inputs: [string, unknown][] = [
        ['SPKI PEM', spki],
        ['PKCS#1 PEM', key1024.publicPkcs1],
        ['public JWK', { kty: 'RSA', n: jwk.n, e: jwk.e }],
        // A private JWK's alg, key_ops and d are left out: WebCrypto would refuse them for verifying.
        ['private JWK', jwk],
      ];
      if (adapterName !== 'js') inputs.push(['CryptoKey', cryptoKey]);
      for (const [form, publicKey] of inputs) {
        const verify = (text: string, sig: string) => core.verifyBaseString(text, sig, { ...credentials, publicKey: publicKey as string });
        assert.equal(await verify(BASE, signature), true, `${form} verifies`);
        assert.equal(await verify(`${BASE}x`, signature), false, `${form} refuses another base string`);
        assert.equal(
          codeOf(await captureError(() => core.verifyBaseString(BASE, signature, { ...credentials, publicKey: publicKey as string, minimumRsaKeyBits: 1025 }))),
          'WEAK_KEY',
          `${form} under 1025 bits`,
        );
      }
    });

    test('keys shorter than minimumRsaKeyBits (default 2048) are refused with WEAK_KEY', async () => {
      const error = await captureError(() => core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: key1024.pkcs1 }));
      assert.equal(codeOf(error), 'WEAK_KEY');
      const verifyError = await captureError(() => core.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: key1024.publicPkcs1 }));
      assert.equal(codeOf(verifyError), 'WEAK_KEY');
      assert.equal(
        codeOf(await captureError(() => core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: key2048.pkcs8, minimumRsaKeyBits: 4096 }))),
        'WEAK_KEY',
      );
    });

    test('a private key where a public key belongs, and the reverse, are refused with INVALID_KEY', async () => {
      assert.equal(
        codeOf(
          await captureError(() => core.signBaseString(BASE, { signatureMethod: 'RSA-SHA256', privateKey: key1024.publicPkcs1, minimumRsaKeyBits: 1024 })),
        ),
        'INVALID_KEY',
      );
      assert.equal(
        codeOf(
          await captureError(() => core.verifyBaseString(BASE, 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: key1024.pkcs8, minimumRsaKeyBits: 1024 })),
        ),
        'INVALID_KEY',
      );
    });
  });
}

/** The PKCS#1 RSAPublicKey of a private key, derived through WebCrypto's JWK export (n, e). */
async function publicPkcs1(core: OAuthCore, pkcs8Pem: string): Promise<Uint8Array> {
  const jwk = await privateJwk(core, pkcs8Pem);
  const publicKey = await crypto.subtle.importKey('jwk', { kty: 'RSA', n: jwk.n!, e: jwk.e! }, RSA, true, ['verify']);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  // SubjectPublicKeyInfo = SEQUENCE { AlgorithmIdentifier (15 bytes for rsaEncryption), BIT STRING { 0, RSAPublicKey } }.
  const seqHeader = spki[1]! & 0x80 ? 2 + (spki[1]! & 0x7f) : 2;
  const bitString = seqHeader + 15;
  const bitHeader = spki[bitString + 1]! & 0x80 ? 2 + (spki[bitString + 1]! & 0x7f) : 2;
  return spki.subarray(bitString + bitHeader + 1);
}

export function keySuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => keySuite(name, core));
}
