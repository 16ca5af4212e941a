// Bad input gets an OAuthError with a stable code, never a raw URIError or TypeError, and no
// thrown object carries a secret or key material: not in its message, stack, properties, or
// anything reachable from them.
import { assert, suite, type Suite } from '../harness.js';
import type { SyncSigner } from '@paysign/oauth-core';
import { captureError, pemBodyLines, type Flavours, type OAuthCore } from './flavours.js';
import { key1024, key2048 } from './rsa-keys.js';

const SECRET = 'S3cr3t-control-key-9f8e7d';
const TOKEN_SECRET = 'tok3n-s3cret-4a5b6c';
const URL_ = 'https://gate.example/payment/api/v4/transfer/42';

/** Everything an error exposes, as text: message, stack, own properties (deep), cause chain. */
export function exposedText(error: unknown, seen = new Set<unknown>()): string {
  if (error === null || typeof error !== 'object' || seen.has(error)) return String(error);
  seen.add(error);
  const e = error as Record<string, unknown> & Error;
  let text = `${String(e.message)}\n${String(e.stack)}\n${String(e.name)}\n`;
  for (const key of Reflect.ownKeys(e)) {
    const value = e[key as string];
    text += `${String(key)}=${typeof value === 'object' ? exposedText(value, seen) : String(value)}\n`;
  }
  try {
    text += JSON.stringify(e);
  } catch {
    // unserialisable errors still expose the parts read above
  }
  return text;
}

/** Secrets that must never leak: the strings themselves and every 16-character run of a key's body. */
function secretFragments(secrets: readonly string[]): string[] {
  const out: string[] = [];
  for (const secret of secrets) {
    if (secret.includes('-----BEGIN')) {
      const body = pemBodyLines(secret).join('');
      for (let i = 0; i + 16 <= body.length; i += 8) out.push(body.slice(i, i + 16));
    } else {
      out.push(secret);
    }
  }
  return out;
}

function assertOAuthError(error: unknown, code: string, secrets: readonly string[] = []): void {
  assert.ok(error instanceof Error, `expected an Error, got ${String(error)}`);
  assert.equal((error as Error).name, 'OAuthError', `not a raw ${(error as Error).name}: ${(error as Error).message}`);
  assert.equal((error as { code?: unknown }).code, code, (error as Error).message);
  const text = exposedText(error);
  for (const fragment of secretFragments(secrets)) {
    assert.ok(!text.includes(fragment), `the ${code} error exposes secret material (${fragment.slice(0, 4)}...)`);
  }
}

function errorSuite(flavour: string, core: OAuthCore): Suite {
  const hmac = (options: Record<string, unknown>) => () =>
    core.createSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', ...options } as Parameters<OAuthCore['createSigner']>[0]).sign({ url: URL_ });

  return suite(`errors [${flavour}]`, (test) => {
    test('a lone surrogate -> INVALID_STRING, in a value, a name, or a secret (the secret is not shown)', async () => {
      assertOAuthError(await captureError(() => core.percentEncode('a\uD800b')), 'INVALID_STRING');
      assertOAuthError(await captureError(() => core.normalizeParameters({ 'x\uDC00': 'v' })), 'INVALID_STRING');
      assertOAuthError(await captureError(() => core.signatureBaseString('GET', URL_, [['v', '\uD83D']])), 'INVALID_STRING');
      const badSecret = `${SECRET}\uD800`;
      assertOAuthError(await captureError(hmac({ consumerSecret: badSecret })), 'INVALID_STRING', [SECRET]);
      assertOAuthError(await captureError(hmac({ consumerSecret: SECRET, tokenSecret: `\uDFFF${TOKEN_SECRET}` })), 'INVALID_STRING', [SECRET, TOKEN_SECRET]);
    });

    test('values that are not strings, numbers or booleans -> INVALID_PARAMETER, never silently stringified', async () => {
      const unstringifiable = {
        toString: () => {
          throw new TypeError('no');
        },
      };
      for (const value of [unstringifiable, null, Symbol('s'), { a: 1 }, () => 1, Number.NaN, Number.POSITIVE_INFINITY]) {
        assertOAuthError(await captureError(() => core.normalizeParameters({ amount: value as unknown as string })), 'INVALID_PARAMETER');
      }
      assertOAuthError(await captureError(() => core.normalizeParameters([['a', 'b', 'c']] as unknown as [string, string][])), 'INVALID_PARAMETER');
      assert.equal(core.normalizeParameters({ n: 1.5, b: true }), 'b=true&n=1.5', 'numbers and booleans are written with String()');
    });

    test('a missing secret or key -> MISSING_SECRET / MISSING_KEY', async () => {
      assertOAuthError(await captureError(hmac({})), 'MISSING_SECRET');
      assertOAuthError(await captureError(hmac({ signatureMethod: 'PLAINTEXT' })), 'MISSING_SECRET');
      assertOAuthError(await captureError(hmac({ signatureMethod: 'RSA-SHA256', consumerSecret: SECRET })), 'MISSING_KEY', [SECRET]);
      assertOAuthError(await captureError(() => core.verifyBaseString('b', 'AAAA', { signatureMethod: 'RSA-SHA1' })), 'MISSING_KEY');
    });

    test('an unknown signature method -> UNSUPPORTED_SIGNATURE_METHOD', async () => {
      for (const method of ['HMAC-MD5', 'hmac-sha1', 'RSA-SHA384', '', 'toString', '__proto__']) {
        assertOAuthError(await captureError(hmac({ signatureMethod: method, consumerSecret: SECRET })), 'UNSUPPORTED_SIGNATURE_METHOD', [SECRET]);
      }
    });

    test('a weak RSA key -> WEAK_KEY, and the error shows no key material', async () => {
      for (const privateKey of [key1024.pkcs1, key1024.pkcs8]) {
        assertOAuthError(await captureError(hmac({ signatureMethod: 'RSA-SHA256', privateKey })), 'WEAK_KEY', [privateKey]);
      }
      assertOAuthError(await captureError(hmac({ signatureMethod: 'RSA-SHA256', privateKey: key2048.pkcs8, minimumRsaKeyBits: 3072 })), 'WEAK_KEY', [
        key2048.pkcs8,
      ]);
    });

    test('unreadable keys -> INVALID_KEY, and the error shows none of the key text', async () => {
      const corrupt = key2048.pkcs8.replace(/[A-Za-z](?=[A-Za-z0-9+/]{20}\n)/, '!');
      const truncated = key2048.pkcs8
        .split('\n')
        .filter((_, i) => i !== 3)
        .join('\n');
      const encrypted =
        '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQIeXBvZGVybWF0\n-----END ENCRYPTED PRIVATE KEY-----\n';
      for (const privateKey of [corrupt, truncated, encrypted, 'not a key at all', { kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c' }]) {
        const secrets = typeof privateKey === 'string' && privateKey.includes('BEGIN') ? [privateKey] : [];
        assertOAuthError(await captureError(hmac({ signatureMethod: 'RSA-SHA256', privateKey })), 'INVALID_KEY', secrets);
      }
    });

    test('signSync: absent where the adapter is asynchronous, the same signature as sign where it is synchronous', async () => {
      for (const options of [{ consumerSecret: SECRET }, { signatureMethod: 'RSA-SHA256', privateKey: key2048.pkcs8 }]) {
        const signer = core.createSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', ...options } as Parameters<OAuthCore['createSigner']>[0]);
        // The asynchronous entry point's signers have no signSync at all (the types say so too).
        if (signer.adapterName === 'webcrypto') assert.ok(!('signSync' in signer), 'a webcrypto signer has no signSync');
        else {
          assert.ok('signSync' in signer, `${signer.adapterName} signs synchronously`);
          const fixed = core.createSigner({
            consumerKey: 'merchant',
            signatureMethod: 'HMAC-SHA1',
            nonce: () => 'n',
            timestamp: () => 1,
            ...options,
          } as Parameters<OAuthCore['createSigner']>[0]) as SyncSigner;
          assert.equal(fixed.signSync({ url: URL_ }).signature, (await fixed.sign({ url: URL_ })).signature, 'signSync and sign agree');
        }
      }
    });

    test('bad URLs, methods and headers -> INVALID_URL / INVALID_METHOD / INVALID_HEADER', async () => {
      for (const url of ['gate.example/x', 'ftp://gate.example/', 'https://', '']) {
        assertOAuthError(await captureError(() => core.signatureBaseString('GET', url)), 'INVALID_URL');
      }
      for (const method of ['', 'GE T', 'GET\n', 'PÖST']) {
        assertOAuthError(await captureError(() => core.signatureBaseString(method, URL_)), 'INVALID_METHOD');
      }
      for (const header of ['Basic dXNlcjpwYXNz', 'OAuth a="1" b="2"', 'OAuth a="unterminated', `OAuth oauth_signature="x", oauth_signature="y"`]) {
        assertOAuthError(await captureError(() => core.parseAuthorizationHeader(header)), 'INVALID_HEADER');
      }
    });

    test('a URL with userinfo is refused by the signer (INVALID_URL), the password never echoed', async () => {
      const signer = core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' });
      for (const url of [
        'https://user:hunter2-pw@gate.example/payment/api/v4/transfer/42',
        'https://user@gate.example/x',
        'https://:hunter2-pw@gate.example/x',
      ]) {
        const error = await captureError(() => signer.sign({ url, params: { amount: '1.00' } }));
        assertOAuthError(error, 'INVALID_URL');
        assert.ok(!exposedText(error).includes('hunter2-pw'), 'the password is not in the error');
        assertOAuthError(await captureError(() => core.baseStringUri(url)), 'INVALID_URL');
      }
    });

    test('a malformed percent escape -> INVALID_STRING, never a URIError', async () => {
      for (const text of ['%', '%G0', '%E0%A4%A', '%FF']) {
        assertOAuthError(await captureError(() => core.percentDecode(text)), 'INVALID_STRING');
        assertOAuthError(await captureError(() => core.parseFormPairs(`a=${text}`)), 'INVALID_STRING');
      }
    });

    test('error codes are stable strings and every error is an OAuthError of this flavour', async () => {
      const error = await captureError(() => core.percentEncode('\uD800'));
      assert.ok(error instanceof core.OAuthError);
      assert.equal(typeof (error as { code: unknown }).code, 'string');
    });
  });
}

export function errorSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => errorSuite(name, core));
}
