// The verifier on inputs that the round trips never produce: timestamps that are not all digits,
// RSA signatures that are not canonical Base64, requests without oauth_version, tokens, bodies
// given as decoded parameters, each consumer record option, and the options' own checks. Requests
// are signed by hand (signBaseString + formatAuthorizationHeader) where the signer would refuse.
import { assert, suite, type Suite } from '../harness.js';
import { captureError, type Flavours, type OAuthCore } from './flavours.js';
import rsaVectors from '../vectors/rsa-published.json' with { type: 'json' };
import { key1024 } from './rsa-keys.js';

/** Another published 1024-bit public key (the wiki example's): one that did not sign. */
const otherPublic = (rsaVectors.cases as { id: string; publicKeyPem?: string }[]).find((c) => c.id === 'wiki-rsa-sha1')?.publicKeyPem as string;

const SECRET = 'control-key';
const URL_ = 'https://gate.example/payment/api/v4/transfer/42';
const T0 = 1_700_000_000;

type Oauth = Record<string, string>;

function reasonOf(result: { ok: boolean; reason?: string }): string {
  return result.ok ? 'ok' : (result.reason as string);
}

/** The Base64 alphabet, to make a non-canonical twin of a signature (same bytes, other unused bits). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The same bytes written non-canonically: the last character before the padding with its unused low bits set. */
function nonCanonical(signature: string): string {
  const padding = signature.length - signature.replace(/=+$/, '').length;
  assert.ok(padding > 0, 'the signature has padding, so its last character has unused bits');
  const at = signature.length - padding - 1;
  const index = ALPHABET.indexOf(signature[at] as string);
  const twin = ALPHABET[index | (padding === 1 ? 0b11 : 0b1111)] as string;
  assert.notEqual(twin, signature[at], 'the twin differs');
  return signature.slice(0, at) + twin + signature.slice(at + 1);
}

function verifierInputsSuite(flavour: string, core: OAuthCore): Suite {
  const oauth = (overrides: Oauth = {}): Oauth => ({
    oauth_consumer_key: 'merchant',
    oauth_nonce: 'n1',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(T0),
    oauth_version: '1.0',
    ...overrides,
  });
  /** A request signed by hand, whatever its protocol parameters; absent ones are left out. */
  async function handSigned(
    params: Oauth,
    credentials: Parameters<OAuthCore['signBaseString']>[1] = { signatureMethod: 'HMAC-SHA1', consumerSecret: SECRET },
    body = 'amount=10.00',
  ) {
    const present = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
    const baseString = core.signatureBaseString('POST', URL_, [...new URLSearchParams(body), ...Object.entries(present)] as [string, string][]);
    const signature = await core.signBaseString(baseString, credentials);
    return {
      method: 'POST',
      url: URL_,
      authorization: core.formatAuthorizationHeader({ ...present, oauth_signature: signature }),
      body,
      baseString,
      signature,
    };
  }
  const verifier = (overrides: Partial<Parameters<OAuthCore['createVerifier']>[0]> = {}) =>
    core.createVerifier({ lookup: (key) => (key === 'merchant' ? { consumerSecret: SECRET } : undefined), now: () => T0, ...overrides });

  return suite(`verifier inputs [${flavour}]`, (test) => {
    test('an oauth_timestamp that is not 1 to 12 digits is refused, and not accepted again as a replay', async () => {
      const valid = await handSigned(oauth());
      assert.equal(reasonOf(await verifier().verify(valid)), 'ok', 'the same request with a digit timestamp');
      for (const timestamp of [`${T0}x`, `x${T0}`, ` ${T0}`, `${T0} `, `${T0}.0`, `+${T0}`, '1.7e9', `000${T0}`, `0x${T0.toString(16)}`, '-5']) {
        const v = verifier();
        const request = await handSigned(oauth({ oauth_timestamp: timestamp }));
        assert.equal(reasonOf(await v.verify(request)), 'stale_timestamp', `oauth_timestamp ${JSON.stringify(timestamp)}`);
        assert.equal(reasonOf(await v.verify(request)), 'stale_timestamp', `oauth_timestamp ${JSON.stringify(timestamp)} again`);
      }
      // Leading zeros within 12 digits are digits: the time they name is checked.
      const padded = await handSigned(oauth({ oauth_timestamp: `0${T0}` }));
      assert.equal(reasonOf(await verifier().verify(padded)), 'ok');
    });

    test('the stale_timestamp message names the timestamp, the window and the server time', async () => {
      const result = await verifier({ now: () => T0 + 1000 }).verify(await handSigned(oauth()));
      assert.ok(!result.ok);
      assert.equal(result.message, `oauth_timestamp ${T0} is more than 300 s from the server's time ${T0 + 1000}`);
      assert.equal(result.baseString, (await handSigned(oauth())).baseString, 'the base string is given back');
    });

    test('a request without oauth_version (RFC 5849 §3.1: optional) verifies; another version is refused', async () => {
      const request = await handSigned(oauth({ oauth_version: '' }));
      assert.ok(!request.authorization.includes('oauth_version'));
      const result = await verifier().verify(request);
      assert.equal(reasonOf(result), 'ok');
      if (result.ok) assert.equal(result.oauthParams.oauth_version, undefined);
      assert.equal(reasonOf(await verifier().verify(await handSigned(oauth({ oauth_version: '1.0a' })))), 'unsupported_version');
    });

    test('each required protocol parameter missing -> missing_parameter naming it', async () => {
      for (const name of ['oauth_consumer_key', 'oauth_signature_method', 'oauth_timestamp', 'oauth_nonce']) {
        const result = await verifier().verify(await handSigned(oauth({ [name]: '' })));
        assert.equal(reasonOf(result), 'missing_parameter', name);
        if (!result.ok) assert.equal(result.message, `${name} is missing`);
      }
      const signed = await handSigned(oauth());
      const withoutSignature = core.formatAuthorizationHeader(oauth());
      const result = await verifier().verify({ ...signed, authorization: withoutSignature });
      assert.equal(reasonOf(result), 'missing_parameter');
      if (!result.ok) assert.equal(result.message, 'oauth_signature is missing');
    });

    test('the result: consumer, token, method, oauth_* without the signature, params decoded from query and body, base string', async () => {
      const signed = await core
        .createSigner({
          consumerKey: 'merchant',
          consumerSecret: SECRET,
          token: 'tok en',
          tokenSecret: 'ts',
          signatureMethod: 'HMAC-SHA256',
          nonce: () => 'n1',
          timestamp: () => T0,
        })
        .sign({
          url: `${URL_}?q=1%202`,
          params: [
            ['amount', '10.00'],
            ['note', 'a&b'],
          ],
        });
      const seen: [string, string | undefined][] = [];
      const v = core.createVerifier({
        lookup: (key, token) => {
          seen.push([key, token]);
          return { consumerSecret: SECRET, tokenSecret: 'ts', signatureMethods: ['HMAC-SHA256'] };
        },
        now: () => T0,
      });
      const result = await v.verify({ method: 'post', url: signed.url, authorization: signed.authorization, body: signed.body });
      assert.ok(result.ok, reasonOf(result));
      assert.deepEqual(seen, [['merchant', 'tok en']], 'lookup gets the consumer key and the token');
      assert.equal(result.consumerKey, 'merchant');
      assert.equal(result.token, 'tok en');
      assert.equal(result.signatureMethod, 'HMAC-SHA256');
      assert.deepEqual(result.oauthParams, signed.oauthParams);
      assert.deepEqual(result.params, [
        ['q', '1 2'],
        ['amount', '10.00'],
        ['note', 'a&b'],
      ]);
      assert.equal(result.baseString, signed.baseString);
      const untokened = await verifier().verify(await handSigned(oauth()));
      assert.ok(untokened.ok && !('token' in untokened), 'no token key without a token');
    });

    test('a nonce is once per consumer, token and timestamp: the same nonce with another token, consumer or timestamp is new', async () => {
      const v = core.createVerifier({
        lookup: (_key, token) => ({ consumerSecret: SECRET, ...(token !== undefined && { tokenSecret: 'ts' }) }),
        now: () => T0,
      });
      const sign = (consumerKey: string, token: string | undefined, timestamp: number) =>
        core
          .createSigner({
            consumerKey,
            consumerSecret: SECRET,
            signatureMethod: 'HMAC-SHA1',
            nonce: () => 'same',
            timestamp: () => timestamp,
            ...(token !== undefined && { token, tokenSecret: 'ts' }),
          })
          .sign({ url: URL_ });
      const requests = [
        await sign('merchant', 'a', T0),
        await sign('merchant', 'b', T0),
        await sign('merchant', undefined, T0),
        await sign('other', 'a', T0),
        await sign('merchant', 'a', T0 + 1),
      ];
      for (const s of requests)
        assert.equal(reasonOf(await v.verify({ method: s.method, url: s.url, authorization: s.authorization, body: s.body })), 'ok', s.authorization);
      for (const s of requests)
        assert.equal(reasonOf(await v.verify({ method: s.method, url: s.url, authorization: s.authorization, body: s.body })), 'replayed_nonce');
    });

    test('a body given as decoded parameters (record or pairs) verifies like the raw body', async () => {
      const signed = await handSigned(oauth(), undefined, 'amount=10.00&note=a%20b');
      assert.equal(reasonOf(await verifier().verify({ ...signed, body: { amount: '10.00', note: 'a b' } })), 'ok');
      assert.equal(
        reasonOf(
          await verifier().verify({
            ...signed,
            body: [
              ['amount', '10.00'],
              ['note', 'a b'],
            ],
          }),
        ),
        'ok',
      );
      assert.equal(reasonOf(await verifier().verify({ ...signed, body: { amount: '10.01', note: 'a b' } })), 'invalid_signature');
      const bad = await verifier().verify({ ...signed, body: { amount: {} } as never });
      assert.equal(reasonOf(bad), 'malformed_request');
      // Protocol parameters in a decoded body are read as protocol parameters.
      const inBody = await verifier().verify({
        ...signed,
        authorization: null,
        body: { amount: '10.00', note: 'a b', ...core.parseAuthorizationHeader(signed.authorization).params },
      });
      assert.equal(reasonOf(inBody), 'ok');
    });

    test('timestampWindowSeconds: a negative, NaN or infinite window is refused; 0 accepts only the exact second', async () => {
      for (const window of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
        const error = await captureError(() => verifier({ timestampWindowSeconds: window }));
        assert.equal((error as { code?: string })?.code, 'INVALID_PARAMETER', `window ${window}`);
        assert.ok(String((error as Error).message).includes('timestampWindowSeconds'));
      }
      const signed = await handSigned(oauth());
      assert.equal(reasonOf(await verifier({ timestampWindowSeconds: 0 }).verify(signed)), 'ok');
      assert.equal(reasonOf(await verifier({ timestampWindowSeconds: 0, now: () => T0 + 1 }).verify(signed)), 'stale_timestamp');
      assert.equal(reasonOf(await verifier({ timestampWindowSeconds: 0, now: () => T0 - 1 }).verify(signed)), 'stale_timestamp');
      assert.equal(reasonOf(await verifier({ timestampWindowSeconds: 10_000, now: () => T0 + 9_999 }).verify(signed)), 'ok');
    });

    test("signatureMethods: the record's list replaces the default (HMAC-SHA1 with a secret, RSA-SHA256 with a key)", async () => {
      const hmac256 = await handSigned(oauth({ oauth_signature_method: 'HMAC-SHA256' }), { signatureMethod: 'HMAC-SHA256', consumerSecret: SECRET });
      const hmac1 = await handSigned(oauth());
      const plaintext = await handSigned(oauth({ oauth_signature_method: 'PLAINTEXT' }), { signatureMethod: 'PLAINTEXT', consumerSecret: SECRET });
      const only = (signatureMethods: string[]) =>
        core.createVerifier({ lookup: () => ({ consumerSecret: SECRET, signatureMethods: signatureMethods as never }), now: () => T0 });
      assert.equal(reasonOf(await verifier().verify(hmac1)), 'ok');
      assert.equal(reasonOf(await verifier().verify(hmac256)), 'signature_method_not_allowed');
      assert.equal(reasonOf(await verifier().verify(plaintext)), 'signature_method_not_allowed');
      assert.equal(reasonOf(await only(['HMAC-SHA256']).verify(hmac256)), 'ok');
      assert.equal(reasonOf(await only(['HMAC-SHA256']).verify(hmac1)), 'signature_method_not_allowed');
      assert.equal(reasonOf(await only(['PLAINTEXT', 'HMAC-SHA1']).verify(plaintext)), 'ok');
      assert.equal(reasonOf(await only([]).verify(hmac1)), 'signature_method_not_allowed');
      const result = await only(['HMAC-SHA256']).verify(hmac1);
      if (!result.ok) assert.equal(result.message, 'HMAC-SHA1 is not allowed for consumer merchant');
    });

    test('RSA: a key-only record allows RSA-SHA256 only; minimumRsaKeyBits on the record; key rotation', async () => {
      const rsa = { signatureMethod: 'RSA-SHA256' as const, privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 };
      const signed = await handSigned(oauth({ oauth_signature_method: 'RSA-SHA256' }), rsa);
      const record = { publicKey: key1024.publicPkcs1, minimumRsaKeyBits: 1024 };
      const v = (r: object) => core.createVerifier({ lookup: () => r, now: () => T0 });
      assert.equal(reasonOf(await v(record).verify(signed)), 'ok');
      const sha1 = await handSigned(oauth({ oauth_signature_method: 'RSA-SHA1', oauth_nonce: 'n2' }), { ...rsa, signatureMethod: 'RSA-SHA1' });
      assert.equal(reasonOf(await v(record).verify(sha1)), 'signature_method_not_allowed');
      assert.equal(reasonOf(await v({ ...record, signatureMethods: ['RSA-SHA1'] }).verify(sha1)), 'ok');
      // The default minimum (2048 bits) refuses this 1024-bit key: the credentials cannot verify.
      const weak = await v({ publicKey: key1024.publicPkcs1 }).verify(signed);
      assert.equal(reasonOf(weak), 'invalid_signature');
      if (!weak.ok) {
        assert.equal(weak.message, "the consumer's credentials cannot verify RSA-SHA256: WEAK_KEY");
        assert.equal(weak.baseString, signed.baseString);
      }
      // A secret-only record asked to verify RSA: the credentials cannot verify, no key is shown.
      const noKey = await v({ consumerSecret: SECRET, signatureMethods: ['RSA-SHA256'] }).verify(signed);
      assert.equal(reasonOf(noKey), 'invalid_signature');
      if (!noKey.ok) assert.equal(noKey.message, "the consumer's credentials cannot verify RSA-SHA256: MISSING_KEY");
      // Rotation: any of the listed keys may have signed.
      assert.equal(reasonOf(await v({ publicKey: otherPublic, minimumRsaKeyBits: 1024 }).verify(signed)), 'invalid_signature', 'the other key alone');
      assert.equal(reasonOf(await v({ publicKey: [otherPublic, key1024.publicPkcs1], minimumRsaKeyBits: 1024 }).verify(signed)), 'ok');
    });

    test('RSA: a signature that is not canonical Base64 never verifies, though it decodes to the right bytes', async () => {
      for (const method of ['RSA-SHA1', 'RSA-SHA256'] as const) {
        const credentials = { signatureMethod: method, privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 };
        const verifying = { signatureMethod: method, publicKey: key1024.publicPkcs1, minimumRsaKeyBits: 1024 };
        const baseString = `POST&${core.percentEncode(URL_)}&amount%3D10.00`;
        const signature = await core.signBaseString(baseString, credentials);
        assert.equal(await core.verifyBaseString(baseString, signature, verifying), true, `${method}: canonical`);
        const twin = nonCanonical(signature);
        assert.equal(await core.verifyBaseString(baseString, twin, verifying), false, `${method}: non-canonical ${twin}`);
        assert.equal(await core.verifyBaseString(baseString, signature.replace(/=+$/, ''), verifying), false, `${method}: unpadded`);
        assert.equal(await core.verifyBaseString(baseString, `${signature.slice(0, 4)}\n${signature.slice(4)}`, verifying), false, `${method}: with a newline`);
        assert.equal(await core.verifyBaseString(baseString, 42 as never, verifying), false, `${method}: not a string`);

        const request = await handSigned(oauth({ oauth_signature_method: method, oauth_nonce: `nc-${method}` }), credentials);
        const forged = core.formatAuthorizationHeader({
          ...core.parseAuthorizationHeader(request.authorization).params,
          oauth_signature: nonCanonical(request.signature),
        });
        const v = core.createVerifier({
          lookup: () => ({ publicKey: key1024.publicPkcs1, minimumRsaKeyBits: 1024, signatureMethods: [method] }),
          now: () => T0,
        });
        assert.equal(reasonOf(await v.verify({ ...request, authorization: forged })), 'invalid_signature', `${method}: verifier, non-canonical`);
        assert.equal(reasonOf(await v.verify(request)), 'ok', `${method}: verifier, canonical`);
      }
    });

    test('the request-target as received: a fragment is not query, an empty path is /, a URL object reads as its text', async () => {
      const cases: [string, string][] = [
        ['https://gate.example/a/b?x=1#frag?y=2', `GET&${core.percentEncode('https://gate.example/a/b')}&`],
        ['https://gate.example?x=1', `GET&${core.percentEncode('https://gate.example/')}&`],
        ['https://gate.example#x', `GET&${core.percentEncode('https://gate.example/')}&`],
        ['https://GATE.example:443/p%20q?x=a%20b', `GET&${core.percentEncode('https://gate.example/p%20q')}&`],
        ['https://gate.example/a b?x=1', `GET&${core.percentEncode('https://gate.example/a%20b')}&`],
        ['https://gate.example/a/./b?x=1', `GET&${core.percentEncode('https://gate.example/a/./b')}&`],
      ];
      for (const [url, prefix] of cases) {
        // Signed by hand over the path as sent (a URL parser would drop the dot-segments).
        const raw = `${prefix}${core.percentEncode(core.normalizeParameters([...new URLSearchParams(url.split('#')[0]!.split('?')[1] ?? ''), ...Object.entries(oauth())] as [string, string][]))}`;
        const signature = await core.signBaseString(raw, { signatureMethod: 'HMAC-SHA1', consumerSecret: SECRET });
        const authorization = core.formatAuthorizationHeader({ ...oauth(), oauth_signature: signature });
        // A URL object is read as its href, which the parser has normalised (dot-segments gone).
        for (const given of url.includes('/./') ? [url] : [url, new URL(url)]) {
          const result = await verifier().verify({ method: 'GET', url: given, authorization });
          assert.equal(reasonOf(result), 'ok', `${url} (${typeof given})`);
          if (result.ok) assert.equal(result.baseString, raw, url);
        }
      }
      for (const url of ['ftp://gate.example/a', 'git+https://gate.example/a', 'https://user:pw@gate.example/a', '/relative', 'https//gate.example']) {
        const result = await verifier().verify({ method: 'GET', url, authorization: 'OAuth oauth_nonce="n"' });
        assert.equal(reasonOf(result), 'malformed_request', url);
        if (!result.ok) assert.ok(!result.message.includes('pw'), 'the password is not echoed');
        const error = await captureError(() => core.baseStringUri(url));
        assert.equal((error as { code?: string })?.code, 'INVALID_URL', url);
      }
    });

    test('without now(), the verifier reads the clock: a request signed now verifies, one from an hour ago is stale', async () => {
      const signer = core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' });
      const fresh = await signer.sign({ url: URL_ });
      const v = core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }) });
      assert.equal(reasonOf(await v.verify({ method: 'POST', url: fresh.url, authorization: fresh.authorization, body: fresh.body })), 'ok');
      const old = await core
        .createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', timestamp: () => Math.floor(Date.now() / 1000) - 3600 })
        .sign({ url: URL_ });
      assert.equal(reasonOf(await v.verify({ method: 'POST', url: old.url, authorization: old.authorization, body: old.body })), 'stale_timestamp');
    });

    test('a body that fails while being read, and credentials that fail with a foreign error, are reported without the error text', async () => {
      const signed = await handSigned(oauth());
      const exploding = {
        [Symbol.iterator]: () => {
          throw new Error('secret detail');
        },
      };
      const unreadable = await verifier().verify({ ...signed, body: exploding as never });
      assert.equal(reasonOf(unreadable), 'malformed_request');
      if (!unreadable.ok) assert.equal(unreadable.message, 'the request cannot be read');
      const adapter = {
        ...core.defaultAdapter,
        hmac: () => {
          throw new Error('secret detail');
        },
      };
      const failing = core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0, adapter });
      const result = await failing.verify(signed);
      assert.equal(reasonOf(result), 'invalid_signature');
      if (!result.ok) assert.equal(result.message, "the consumer's credentials cannot verify HMAC-SHA1: error");
    });

    test('HMAC and PLAINTEXT: verifyBaseString compares the whole signature', async () => {
      const baseString = 'POST&x&y';
      const credentials = { signatureMethod: 'HMAC-SHA1' as const, consumerSecret: SECRET };
      const signature = await core.signBaseString(baseString, credentials);
      assert.equal(await core.verifyBaseString(baseString, signature, credentials), true);
      assert.equal(await core.verifyBaseString(baseString, signature.slice(0, -2), credentials), false, 'a prefix');
      assert.equal(await core.verifyBaseString(baseString, `${signature}AA`, credentials), false, 'a longer one');
      assert.equal(await core.verifyBaseString(baseString, nonCanonical(signature), credentials), false, 'non-canonical');
      const plaintext = { signatureMethod: 'PLAINTEXT' as const, consumerSecret: 'a b', tokenSecret: 'c' };
      assert.equal(await core.signBaseString(baseString, plaintext), 'a%20b&c');
      assert.equal(await core.verifyBaseString('anything', 'a%20b&c', plaintext), true);
      assert.equal(await core.verifyBaseString('anything', 'a%20b&d', plaintext), false);
      assert.equal(await core.verifyBaseString('anything', 'a%20b&', plaintext), false);
    });
  });
}

/** The verifier's edge inputs for every flavour. */
export function verifierInputSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => verifierInputsSuite(name, core));
}
