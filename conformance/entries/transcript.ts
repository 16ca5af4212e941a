// The cross-runtime transcript: fixed requests signed by every flavour present. Within a runtime,
// each case asserts that all flavours give the same bytes; across runtimes, run-all compares the
// SHA-256 of the whole transcript, so Node, Deno, Bun, workerd and edge-runtime must agree too.
import { assert, suite, type Suite } from '../harness.js';
import type { SyncSigner } from '@paysign/oauth-core';
import { presentFlavours, type Flavours, type OAuthCoreHmacModule, type OAuthCoreModule } from './flavours.js';
import { rsaPkcs1Private, rsaPkcs1Public, rsaPkcs8Private } from './transcript-keys.js';

type SignerOptions = Parameters<OAuthCoreModule['createSigner']>[0];
type SignRequest = Parameters<ReturnType<OAuthCoreModule['createSigner']>['sign']>[0];

interface SigningCase {
  name: string;
  options: SignerOptions;
  request: SignRequest;
  /** Other encodings of the same key that must give the very same signature. */
  sameKeyAs?: NonNullable<SignerOptions['privateKey']>[];
}

const fixed = { consumerKey: 'merchant-login', nonce: () => 'kllo9940pd9333jh', timestamp: () => 1191242096 } as const;
const gatewayUrl = 'https://sandbox.gateway.example/payment/api/v2/pan-eligibility/send/1234';
const escapedNewlines = (pem: string): string => pem.replace(/\n/g, '\\n');

const signingCases: SigningCase[] = [
  {
    name: 'HMAC-SHA1 POST: repeated names, Unicode and reserved characters, oauth_* in the body',
    options: { ...fixed, signatureMethod: 'HMAC-SHA1', consumerSecret: 'control key/+=', realm: '', oauthParamsInBody: true },
    request: {
      url: `${gatewayUrl}?b=2&a=1&a=%20`,
      params: [
        ['client-order-id', 'order 0001'],
        ['name', 'José Ünïcødé 🚀'],
        ['name', "!*'();:@&=+$,/?#[]~"],
        ['empty', ''],
      ],
    },
  },
  {
    name: 'HMAC-SHA256 POST with a token, without oauth_version',
    options: {
      ...fixed,
      signatureMethod: 'HMAC-SHA256',
      consumerSecret: 'kd94hf93k423kf44',
      token: 'nnch734d00sl2jdk',
      tokenSecret: 'pfkkdhi9sl3r4s00',
      version: false,
    },
    request: { url: gatewayUrl, params: { 'client-order-id': 'order-3', amount: '10.00' } },
  },
  {
    name: 'HMAC-SHA256 GET: parameters appended to an existing query, with a token',
    options: { ...fixed, signatureMethod: 'HMAC-SHA256', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
    request: { method: 'get', url: 'HTTP://Photos.Example.NET:80/photos?size=original', params: { file: 'vacation.jpg', n: [3, 1, 2] } },
  },
  {
    name: 'HMAC-SHA512 DELETE on a non-default port, without oauth_version',
    options: { ...fixed, signatureMethod: 'HMAC-SHA512', consumerSecret: 'Ω', version: false, realm: 'Photos' },
    request: { method: 'DELETE', url: 'https://api.example:8443/a%2Fb/c?x=%E2%82%AC' },
  },
  {
    name: 'PLAINTEXT PUT: secrets that need percent-encoding',
    options: { ...fixed, signatureMethod: 'PLAINTEXT', consumerSecret: 'a&b c', tokenSecret: 'd=e%f', token: 't' },
    request: { method: 'PUT', url: gatewayUrl, params: { amount: '10.00' } },
  },
  {
    name: 'RSA-SHA1 with a PKCS#1 PEM key (converted to PKCS#8 before WebCrypto sees it)',
    options: { ...fixed, signatureMethod: 'RSA-SHA1', privateKey: rsaPkcs1Private, minimumRsaKeyBits: 1024 },
    request: { url: gatewayUrl, params: { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' } },
    sameKeyAs: [rsaPkcs8Private, escapedNewlines(rsaPkcs1Private)],
  },
  {
    name: 'RSA-SHA256 with a PKCS#8 PEM key',
    options: { ...fixed, signatureMethod: 'RSA-SHA256', privateKey: rsaPkcs8Private, minimumRsaKeyBits: 1024, realm: '' },
    request: { url: gatewayUrl, params: { 'client-order-id': 'order-2', note: 'ünï 🚀' } },
    sameKeyAs: [rsaPkcs1Private, escapedNewlines(rsaPkcs8Private)],
  },
  {
    name: 'RSA-SHA512 with a PKCS#1 key whose newlines are escaped (as kept in an environment variable)',
    options: { ...fixed, signatureMethod: 'RSA-SHA512', privateKey: escapedNewlines(rsaPkcs1Private), minimumRsaKeyBits: 1024 },
    request: { method: 'GET', url: gatewayUrl, params: { page: 2 } },
    sameKeyAs: [rsaPkcs8Private],
  },
];

/** Runs `fn` and gives its result, or the `code` of what it threw (`threw:<name>` when it had none). */
async function outcome<T>(fn: () => T | Promise<T>): Promise<T | { error: string }> {
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { error: typeof code === 'string' ? code : `threw:${(error as Error | null)?.name ?? typeof error}` };
  }
}

async function signCase(core: OAuthCoreModule, c: SigningCase) {
  const signer = core.createSigner(c.options);
  const signed = await signer.sign(c.request);
  // A synchronous adapter must give the same bytes through signSync.
  if (core.defaultAdapter.synchronous) {
    assert.ok('signSync' in signer, 'a synchronous adapter gives signers with signSync');
    assert.deepEqual((signer as SyncSigner).signSync(c.request), signed, 'signSync differs from sign');
  }
  for (const privateKey of c.sameKeyAs ?? []) {
    const other = await core.createSigner({ ...c.options, privateKey }).sign(c.request);
    assert.equal(other.signature, signed.signature, 'another encoding of the same key');
  }
  const credentials = c.options.signatureMethod.startsWith('RSA')
    ? { signatureMethod: c.options.signatureMethod, publicKey: rsaPkcs1Public, minimumRsaKeyBits: 1024 }
    : { signatureMethod: c.options.signatureMethod, consumerSecret: c.options.consumerSecret ?? '', tokenSecret: c.options.tokenSecret ?? '' };
  const verifies = await core.verifyBaseString(signed.baseString, signed.signature, credentials);
  // PLAINTEXT signs nothing but the key, so only a changed signature can be refused there.
  const tampered = c.options.signatureMethod === 'PLAINTEXT' ? [signed.baseString, `${signed.signature}x`] : [`${signed.baseString}x`, signed.signature];
  const rejectsTampered = !(await core.verifyBaseString(tampered[0] as string, tampered[1] as string, credentials));
  assert.equal(verifies, true, 'the signature verifies with the public key or secret');
  assert.equal(rejectsTampered, true, 'a tampered request is refused');
  return { ...signed, verifies, rejectsTampered };
}

const allAscii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
const allBytes = Uint8Array.from({ length: 256 }, (_, i) => i);

/** Encoding and error behaviour that must not depend on the runtime's string or crypto internals. */
async function encodingCase(core: OAuthCoreModule) {
  return {
    percentEncoded: core.percentEncode(`${allAscii}é€🚀\u{10FFFF}`),
    percentDecoded: core.percentDecode('%41%c3%a9%F0%9F%9A%80+%2B'),
    formDecoded: core.formDecode('a+b%20c%2Bd'),
    base64: core.encodeBase64(allBytes),
    base64Back: Array.from(core.decodeBase64(core.encodeBase64(allBytes))),
    errors: {
      loneSurrogate: await outcome(() => core.percentEncode('\uD800')),
      badBase64: await outcome(() => core.decodeBase64('Zm9v=')),
      noSecret: await outcome(() => core.createSigner({ consumerKey: 'k', signatureMethod: 'HMAC-SHA1' })),
      notPem: await outcome(() => core.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256', privateKey: 'not a key' }).sign({ url: gatewayUrl })),
      weakKey: await outcome(() =>
        core.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256', privateKey: rsaPkcs1Private }).sign({ url: gatewayUrl }),
      ),
      publicAsPrivate: await outcome(() =>
        core.createSigner({ consumerKey: 'k', signatureMethod: 'RSA-SHA256', privateKey: rsaPkcs1Public, minimumRsaKeyBits: 1024 }).sign({ url: gatewayUrl }),
      ),
    },
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The transcript suite for these flavours, and the digest of what it recorded once it has run. */
export function transcriptSuite(flavours: Flavours, hmacOnly: OAuthCoreHmacModule): { suite: Suite; digest: () => Promise<string> } {
  const present = presentFlavours(flavours);
  const recorded: Record<string, unknown> = {};

  async function record(name: string, produce: (core: OAuthCoreModule) => Promise<unknown>): Promise<void> {
    const [[firstName, first], ...rest] = present as [[string, OAuthCoreModule], ...[string, OAuthCoreModule][]];
    const expected = await produce(first);
    for (const [flavourName, core] of rest) {
      assert.deepEqual(await produce(core), expected, `${flavourName} differs from ${firstName}`);
    }
    recorded[name] = expected;
  }

  const transcript = suite(`transcript (${present.map(([n]) => n).join(', ')}, and /hmac for HMAC POSTs)`, (test) => {
    for (const c of signingCases) {
      test(c.name, async () => {
        await record(c.name, (core) => signCase(core, c));
        // The edge HMAC signer (form POSTs only) must send the very bytes createSigner sends.
        if (!c.options.signatureMethod.startsWith('HMAC') || (c.request.method ?? 'POST') !== 'POST') return;
        const { verifies: _v, rejectsTampered: _r, ...expected } = recorded[c.name] as Awaited<ReturnType<typeof signCase>>;
        const options = c.options as Parameters<OAuthCoreHmacModule['createHmacSigner']>[0];
        assert.deepEqual(await hmacOnly.createHmacSigner(options).sign(c.request), expected, '@paysign/oauth-core/hmac differs from createSigner');
      });
    }
    test('encodings and error codes', async () => {
      await record('encodings and error codes', encodingCase);
      const { errors } = recorded['encodings and error codes'] as Awaited<ReturnType<typeof encodingCase>>;
      assert.deepEqual(
        errors,
        {
          loneSurrogate: { error: 'INVALID_STRING' },
          badBase64: { error: 'INVALID_SIGNATURE_ENCODING' },
          noSecret: { error: 'MISSING_SECRET' },
          notPem: { error: 'INVALID_KEY' },
          weakKey: { error: 'WEAK_KEY' },
          publicAsPrivate: { error: 'INVALID_KEY' },
        },
        'error codes',
      );
    });
  });

  return {
    suite: transcript,
    digest: () => sha256Hex(JSON.stringify(recorded)),
  };
}
