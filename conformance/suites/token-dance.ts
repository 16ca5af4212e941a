// RFC 5849 §2, the three-legged flow, from the client's side: the credentials replies servers
// send (§2.1, §2.3) read by parseCredentials, the resource owner's URL (§2.2) built by
// authorizationUrl, and the callback the owner comes back with read by parseAuthorizationCallback. The replies are the RFC's own examples, a property against the WHATWG form
// encoder, and every refusal with its typed code, none of which shows the secret.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import { exposedText } from './errors.js';
import { captureError, type Flavours, type OAuthCore } from './flavours.js';

const SECRET = 'hdhd0244k9j7ao03';

/** What `fn` threw: an OAuthError with `code`, `source` 'reply' and `field`, whose text does not hold the secret. */
async function refusal(fn: () => unknown, code: string, field: string | undefined): Promise<void> {
  const error = (await captureError(fn)) as { name?: string; code?: string; source?: string; field?: string } | undefined;
  assert.ok(error !== undefined, `expected ${code}, nothing was thrown`);
  assert.equal(error.name, 'OAuthError');
  assert.equal(error.code, code);
  assert.equal(error.field, field);
  assert.ok(!exposedText(error).includes(SECRET), `the ${code} error shows the token secret`);
}

function repliesSuite(flavour: string, core: OAuthCore): Suite {
  return suite(`token dance: credentials replies [${flavour}]`, (test) => {
    test('RFC 5849 §2.1: the temporary credentials reply of the example', () => {
      const reply = 'oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true';
      assert.deepEqual(core.parseCredentials(reply, { temporary: true }), {
        token: 'hh5s93j4hdidpola',
        tokenSecret: 'hdhd0244k9j7ao03',
        callbackConfirmed: true,
        extra: {},
      });
    });

    test('RFC 5849 §2.3: the token credentials reply of the example', () => {
      assert.deepEqual(core.parseCredentials('oauth_token=nnch734d00sl2jdk&oauth_token_secret=pfkkdhi9sl3r4s00'), {
        token: 'nnch734d00sl2jdk',
        tokenSecret: 'pfkkdhi9sl3r4s00',
        extra: {},
      });
    });

    test('the other parameters go to extra, decoded as a form (+ is a space); a repeated one keeps its first value', () => {
      const reply =
        'oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU&user_id=6253282&screen_name=twitter+api&note=a%2Bb&user_id=1';
      assert.deepEqual(core.parseCredentials(reply), {
        token: '6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY',
        tokenSecret: '2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU',
        extra: { user_id: '6253282', screen_name: 'twitter api', note: 'a+b' },
      });
    });

    test('read without temporary, oauth_callback_confirmed is one more extra; the order of the pairs does not matter', () => {
      assert.deepEqual(core.parseCredentials(`oauth_callback_confirmed=true&oauth_token_secret=${SECRET}&oauth_token=t`), {
        token: 't',
        tokenSecret: SECRET,
        extra: { oauth_callback_confirmed: 'true' },
      });
    });

    test('an empty oauth_token_secret is a secret (RSA clients do not use it); an empty oauth_token is refused', async () => {
      assert.equal(core.parseCredentials('oauth_token=t&oauth_token_secret=').tokenSecret, '');
      await refusal(() => core.parseCredentials(`oauth_token=&oauth_token_secret=${SECRET}`), 'INVALID_CREDENTIALS_REPLY', 'oauth_token');
    });

    test('a reply without oauth_token or oauth_token_secret -> INVALID_CREDENTIALS_REPLY naming it', async () => {
      await refusal(() => core.parseCredentials(`oauth_token_secret=${SECRET}`), 'INVALID_CREDENTIALS_REPLY', 'oauth_token');
      await refusal(() => core.parseCredentials('oauth_token=hh5s93j4hdidpola'), 'INVALID_CREDENTIALS_REPLY', 'oauth_token_secret');
      await refusal(() => core.parseCredentials(''), 'INVALID_CREDENTIALS_REPLY', 'oauth_token');
      await refusal(() => core.parseCredentials(`{"oauth_token":"t","oauth_token_secret":"${SECRET}"}`), 'INVALID_CREDENTIALS_REPLY', 'oauth_token');
    });

    test('a credential given twice -> INVALID_CREDENTIALS_REPLY (which one would be meant?)', async () => {
      await refusal(() => core.parseCredentials(`oauth_token=a&oauth_token=b&oauth_token_secret=${SECRET}`), 'INVALID_CREDENTIALS_REPLY', 'oauth_token');
      await refusal(
        () => core.parseCredentials(`oauth_token=a&oauth_token_secret=${SECRET}&oauth_token_secret=${SECRET}x`),
        'INVALID_CREDENTIALS_REPLY',
        'oauth_token_secret',
      );
    });

    test('§2.1: a temporary reply without oauth_callback_confirmed=true -> CALLBACK_NOT_CONFIRMED', async () => {
      const base = `oauth_token=hh5s93j4hdidpola&oauth_token_secret=${SECRET}`;
      await refusal(() => core.parseCredentials(base, { temporary: true }), 'CALLBACK_NOT_CONFIRMED', 'oauth_callback_confirmed');
      for (const value of ['false', 'TRUE', '1', '']) {
        await refusal(
          () => core.parseCredentials(`${base}&oauth_callback_confirmed=${value}`, { temporary: true }),
          'CALLBACK_NOT_CONFIRMED',
          'oauth_callback_confirmed',
        );
      }
      await refusal(
        () => core.parseCredentials(`${base}&oauth_callback_confirmed=true&oauth_callback_confirmed=true`, { temporary: true }),
        'INVALID_CREDENTIALS_REPLY',
        'oauth_callback_confirmed',
      );
    });

    test('a reply that is not a form (a malformed escape, bytes that are not UTF-8) -> INVALID_CREDENTIALS_REPLY; not a string -> INVALID_PARAMETER', async () => {
      await refusal(() => core.parseCredentials(`oauth_token=%zz&oauth_token_secret=${SECRET}`), 'INVALID_CREDENTIALS_REPLY', 'body');
      await refusal(() => core.parseCredentials(`oauth_token=%C3&oauth_token_secret=${SECRET}`), 'INVALID_CREDENTIALS_REPLY', 'body');
      await refusal(() => core.parseCredentials(undefined as unknown as string), 'INVALID_PARAMETER', undefined);
    });

    test('property: any token, secret and extras a server encodes as a form (WHATWG URLSearchParams) are read back as they were', () => {
      fc.assert(
        fc.property(arb.token, arb.secret, arb.pairs, fc.boolean(), (token, secret, extras, temporary) => {
          const wellFormed = (text: string) => (text as { isWellFormed?: () => boolean }).isWellFormed?.() !== false;
          fc.pre(wellFormed(token) && wellFormed(secret) && extras.every(([n, v]) => wellFormed(n) && wellFormed(v) && n !== ''));
          const form = new URLSearchParams([['oauth_token', token], ...extras, ['oauth_token_secret', secret]]);
          if (temporary) form.append('oauth_callback_confirmed', 'true');
          const parsed = core.parseCredentials(form.toString(), { temporary });
          const expected: Record<string, string> = {};
          for (const [n, v] of extras) if (!Object.hasOwn(expected, n)) expected[n] = v;
          assert.deepEqual(
            parsed,
            temporary ? { token, tokenSecret: secret, callbackConfirmed: true, extra: expected } : { token, tokenSecret: secret, extra: expected },
          );
        }),
        { numRuns: 60 },
      );
    });
  });
}

function authorizationUrlSuite(flavour: string, core: OAuthCore): Suite {
  return suite(`token dance: authorizationUrl [${flavour}]`, (test) => {
    test('RFC 5849 §2.2: the example authorization URL', () => {
      assert.equal(
        core.authorizationUrl('https://photos.example.net/authorize', 'hh5s93j4hdidpola'),
        'https://photos.example.net/authorize?oauth_token=hh5s93j4hdidpola',
      );
    });

    test("the endpoint's own query is kept, and the temporary credentials themselves can be passed", () => {
      const temporary = core.parseCredentials('oauth_token=hh5s93j4hdidpola&oauth_token_secret=s&oauth_callback_confirmed=true', { temporary: true });
      assert.equal(
        core.authorizationUrl(new URL('https://api.x.example/oauth/authorize?force_login=true&a=%20b'), temporary),
        'https://api.x.example/oauth/authorize?force_login=true&a=%20b&oauth_token=hh5s93j4hdidpola',
      );
    });

    test('property: the token is percent-encoded (§3.6) and a URL parser reads back the same token', () => {
      fc.assert(
        fc.property(arb.token, arb.baseUrl, (token, url) => {
          fc.pre((token as { isWellFormed?: () => boolean }).isWellFormed?.() !== false);
          const built = core.authorizationUrl(url, token);
          assert.equal(built, `${new URL(url).href}?oauth_token=${core.percentEncode(token)}`);
          assert.equal(new URL(built).searchParams.get('oauth_token'), token);
        }),
        { numRuns: 60 },
      );
    });

    test('refusals: an empty token, a URL that already has one, a URL that is not http(s) or carries a password', async () => {
      const code = async (fn: () => unknown) => ((await captureError(fn)) as { code?: string; field?: string } | undefined) ?? {};
      const empty = await code(() => core.authorizationUrl('https://a.example/authorize', ''));
      assert.deepEqual([empty.code, empty.field], ['INVALID_PARAMETER', 'token']);
      assert.equal((await code(() => core.authorizationUrl('https://a.example/authorize?oauth_token=x', 'y'))).code, 'INVALID_PARAMETER');
      const ftp = await code(() => core.authorizationUrl('ftp://a.example/authorize', 'y'));
      assert.deepEqual([ftp.code, ftp.field], ['INVALID_URL', 'url']);
      assert.equal((await code(() => core.authorizationUrl('https://user:pw@a.example/authorize', 'y'))).code, 'INVALID_URL');
      assert.equal((await code(() => core.authorizationUrl('/authorize', 'y'))).code, 'INVALID_URL');
    });
  });
}

function callbackSuite(flavour: string, core: OAuthCore): Suite {
  return suite(`token dance: parseAuthorizationCallback [${flavour}]`, (test) => {
    const VERIFIER = 'hfdp7dh39dks9884';
    const callbackRefusal = async (fn: () => unknown, code: string, field: string) => {
      const error = (await captureError(fn)) as { name?: string; code?: string; source?: string; field?: string } | undefined;
      assert.ok(error !== undefined, `expected ${code}, nothing was thrown`);
      assert.deepEqual([error.name, error.code, error.source, error.field], ['OAuthError', code, 'reply', field]);
      assert.ok(!exposedText(error).includes(VERIFIER), `the ${code} error shows the verifier`);
    };

    test("RFC 5849 §2.2: the example's callback, as a URL string, a path, a URL, a Request and the bare query", () => {
      const query = `oauth_token=hh5s93j4hdidpola&oauth_verifier=${VERIFIER}`;
      const expected = { token: 'hh5s93j4hdidpola', verifier: VERIFIER, extra: {} };
      for (const callback of [
        `http://printer.example.com/ready?${query}`,
        `/ready?${query}#top`,
        new URL(`http://printer.example.com/ready?${query}`),
        query,
      ]) {
        assert.deepEqual(core.parseAuthorizationCallback(callback), expected);
      }
      assert.deepEqual(core.parseAuthorizationCallback(new Request(`http://printer.example.com/ready?${query}`)), expected);
    });

    test("the app's own parameters go to extra; the temporary credentials (or their token) are checked", () => {
      const temporary = core.parseCredentials('oauth_token=hh5s93j4hdidpola&oauth_token_secret=s&oauth_callback_confirmed=true', { temporary: true });
      const back = core.parseAuthorizationCallback(`/ready?state=a+b%26c&oauth_token=hh5s93j4hdidpola&oauth_verifier=${VERIFIER}&state=x`, { temporary });
      assert.deepEqual(back, { token: 'hh5s93j4hdidpola', verifier: VERIFIER, extra: { state: 'a b&c' } });
      assert.equal(core.parseAuthorizationCallback(`?oauth_token=t&oauth_verifier=${VERIFIER}`, { temporary: 't' }).token, 't');
    });

    test('refusals: no token or verifier (or empty, or twice), another temporary token, denied, not a form, too long', async () => {
      const code = 'INVALID_AUTHORIZATION_CALLBACK';
      await callbackRefusal(() => core.parseAuthorizationCallback(`/ready?oauth_verifier=${VERIFIER}`), code, 'oauth_token');
      await callbackRefusal(() => core.parseAuthorizationCallback(`/ready?oauth_token=&oauth_verifier=${VERIFIER}`), code, 'oauth_token');
      await callbackRefusal(() => core.parseAuthorizationCallback('/ready?oauth_token=t'), code, 'oauth_verifier');
      await callbackRefusal(() => core.parseAuthorizationCallback('/ready?oauth_token=t&oauth_verifier='), code, 'oauth_verifier');
      await callbackRefusal(() => core.parseAuthorizationCallback('http://printer.example.com/ready'), code, 'oauth_token');
      await callbackRefusal(
        () => core.parseAuthorizationCallback(`?oauth_token=t&oauth_verifier=${VERIFIER}&oauth_verifier=${VERIFIER}2`),
        code,
        'oauth_verifier',
      );
      await callbackRefusal(() => core.parseAuthorizationCallback(`?oauth_token=a&oauth_token=b&oauth_verifier=${VERIFIER}`), code, 'oauth_token');
      await callbackRefusal(() => core.parseAuthorizationCallback(`?oauth_token=other&oauth_verifier=${VERIFIER}`, { temporary: 'mine' }), code, 'oauth_token');
      await callbackRefusal(() => core.parseAuthorizationCallback('/ready?denied=hh5s93j4hdidpola'), 'AUTHORIZATION_DENIED', 'denied');
      await callbackRefusal(() => core.parseAuthorizationCallback(`?oauth_token=%zz&oauth_verifier=${VERIFIER}`), code, 'callback');
      await callbackRefusal(() => core.parseAuthorizationCallback(`?oauth_token=t&oauth_verifier=${VERIFIER}&pad=${'x'.repeat(8192)}`), code, 'callback');
      const wrongType = (await captureError(() => core.parseAuthorizationCallback(42 as unknown as string))) as { code?: string; field?: string } | undefined;
      assert.deepEqual([wrongType?.code, wrongType?.field], ['INVALID_PARAMETER', 'callback']);
      const emptyTemporary = (await captureError(() => core.parseAuthorizationCallback(`?oauth_token=t&oauth_verifier=${VERIFIER}`, { temporary: '' }))) as
        | { code?: string; field?: string }
        | undefined;
      assert.deepEqual([emptyTemporary?.code, emptyTemporary?.field], ['INVALID_PARAMETER', 'temporary']);
    });

    test('property: any token, verifier and extras a server encodes in the callback (WHATWG URLSearchParams) are read back as they were', () => {
      fc.assert(
        fc.property(arb.token, arb.secret, arb.pairs, (token, verifier, extras) => {
          const wellFormed = (text: string) => (text as { isWellFormed?: () => boolean }).isWellFormed?.() !== false;
          fc.pre(
            wellFormed(token) &&
              verifier !== '' &&
              wellFormed(verifier) &&
              extras.every(([n, v]) => wellFormed(n) && wellFormed(v) && n !== '' && !['denied', 'oauth_token', 'oauth_verifier'].includes(n)),
          );
          const callback = new URL('https://app.example/oauth/callback');
          callback.search = new URLSearchParams([...extras, ['oauth_token', token], ['oauth_verifier', verifier]]).toString();
          const expected: Record<string, string> = {};
          for (const [n, v] of extras) if (!Object.hasOwn(expected, n)) expected[n] = v;
          assert.deepEqual(core.parseAuthorizationCallback(callback.href, { temporary: token }), { token, verifier, extra: expected });
        }),
        { numRuns: 60 },
      );
    });
  });
}

/**
 * The client's side of RFC 5849 §2 for each flavour.
 *
 * @example
 * ```ts
 * const suites = tokenDanceSuites({ webcrypto, js });
 * ```
 */
export function tokenDanceSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).flatMap(([flavour, core]) => [
    repliesSuite(flavour, core),
    authorizationUrlSuite(flavour, core),
    callbackSuite(flavour, core),
  ]);
}
