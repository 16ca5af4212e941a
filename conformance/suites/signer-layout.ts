// What createSigner sends, part by part: the URL (reused signers included), the headers, where the
// parameters go for each HTTP method, the default nonce and clock, the checks on the injectable
// nonce and clock, and the refusal of protocol names a caller tries to set or override. Each test
// pins a behaviour that a one-token change to the signer (found by mutation testing) broke silently.
import { assert, suite, type Suite } from '../harness.js';
import { captureError, formPairs, type Flavours, type OAuthCore } from './flavours.js';

const SECRET = 'control-key';
const URL_A = 'https://gate.example/payment/api/v4/transfer/42';
const URL_B = 'https://gate.example/payment/api/v4/transfer/43?lang=en';
const T0 = 1_700_000_000;
const FORM = 'application/x-www-form-urlencoded';

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}

function signerLayoutSuite(flavour: string, core: OAuthCore): Suite {
  const signer = (options: Partial<Parameters<OAuthCore['createSigner']>[0]> = {}) =>
    core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', nonce: () => 'n1', timestamp: () => T0, ...options });
  const verifier = () => core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0 });

  return suite(`signer layout [${flavour}]`, (test) => {
    test('a reused signer signs each URL it is given, not the one before (string and URL inputs)', async () => {
      const s = signer();
      const a = await s.sign({ url: URL_A });
      const b = await s.sign({ url: URL_B });
      const again = await s.sign({ url: new URL(URL_A) });
      const fresh = await signer().sign({ url: URL_B });
      assert.equal(a.url, URL_A);
      assert.equal(b.url, URL_B);
      assert.equal(b.baseString, fresh.baseString, 'the second URL is signed as a fresh signer signs it');
      assert.ok(b.baseString.includes(core.percentEncode('https://gate.example/payment/api/v4/transfer/43')), 'the second path is in the base string');
      assert.ok(b.baseString.includes('lang%3Den'), "the second URL's query is signed");
      assert.equal(again.url, URL_A);
      assert.equal(again.baseString, a.baseString);
    });

    test('signed.headers: Authorization (the signed header), and Content-Type only when there is a body', async () => {
      const post = await signer().sign({ url: URL_A, params: { amount: '10.00' } });
      assert.deepEqual(post.headers, { Authorization: post.authorization, 'Content-Type': FORM });
      assert.ok(post.authorization.startsWith('OAuth oauth_consumer_key="merchant", '), post.authorization);
      assert.ok(post.authorization.includes(`oauth_signature="${core.percentEncode(post.signature)}"`), 'the header carries the signature');
      const get = await signer().sign({ method: 'GET', url: URL_A, params: { amount: '10.00' } });
      assert.deepEqual(get.headers, { Authorization: get.authorization });
    });

    test('POST, PUT and PATCH carry the parameters in the body; the URL is sent as given', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'post']) {
        const signed = await signer().sign({
          method,
          url: URL_B,
          params: [
            ['amount', '10.00'],
            ['note', 'a b'],
          ],
        });
        assert.equal(signed.method, method.toUpperCase());
        assert.equal(signed.url, URL_B, method);
        assert.equal(signed.body, 'amount=10.00&note=a%20b', method);
      }
      const byDefault = await signer().sign({ url: URL_A, params: { amount: '1' } });
      assert.equal(byDefault.method, 'POST', 'the default method');
      assert.equal(byDefault.body, 'amount=1');
      assert.ok(byDefault.baseString.startsWith('POST&'));
    });

    test("GET, HEAD, DELETE and OPTIONS carry the parameters in the query, after the URL's own, and no body", async () => {
      for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'get']) {
        const withQuery = await signer().sign({ method, url: URL_B, params: { amount: '10.00', 'a b': 'c&d' } });
        assert.equal(withQuery.body, '', method);
        assert.equal(withQuery.url, `${URL_B}&amount=10.00&a%20b=c%26d`, method);
        assert.deepEqual(formPairs(new URL(withQuery.url).search), [
          ['lang', 'en'],
          ['amount', '10.00'],
          ['a b', 'c&d'],
        ]);
        const withoutQuery = await signer().sign({ method, url: URL_A, params: { amount: '10.00' } });
        assert.equal(withoutQuery.url, `${URL_A}?amount=10.00`, method);
        const noParams = await signer().sign({ method, url: URL_B });
        assert.equal(noParams.url, URL_B, `${method}: the URL's own query is sent`);
        assert.equal(noParams.body, '');
      }
    });

    test('what is sent is what is signed: GET and POST requests verify as sent, oauth_* in the body or query too', async () => {
      for (const oauthParamsInBody of [false, true]) {
        for (const method of ['GET', 'POST', 'DELETE']) {
          const signed = await signer({ oauthParamsInBody, nonce: () => `n-${method}-${oauthParamsInBody}` }).sign({
            method,
            url: URL_B,
            params: { amount: '10.00' },
          });
          const where = method === 'POST' ? formPairs(signed.body) : formPairs(new URL(signed.url).search);
          const names = where.map(([name]) => name);
          assert.equal(names.includes('oauth_signature'), oauthParamsInBody, `${method}: oauth_signature sent beside the params only when asked`);
          assert.equal(names.includes('oauth_nonce'), oauthParamsInBody);
          if (oauthParamsInBody)
            assert.deepEqual(
              where.find(([name]) => name === 'oauth_signature'),
              ['oauth_signature', signed.signature],
            );
          const sent = { method: signed.method, url: signed.url, authorization: signed.authorization, body: signed.body };
          const gatewayLayout = core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0, allowParametersInHeaderAndBody: true });
          const result = await (oauthParamsInBody ? gatewayLayout : verifier()).verify(sent);
          assert.equal(result.ok ? 'ok' : result.reason, 'ok', `${method} oauthParamsInBody=${oauthParamsInBody}`);
          if (oauthParamsInBody) {
            const strict = await verifier().verify(sent);
            assert.equal(strict.ok ? 'ok' : strict.reason, 'protocol_parameters_in_several_places', `${method}: the RFC's one place`);
          }
        }
      }
    });

    test('the default nonce: 32 letters a-p (128 bits, no decimal digit), different on every request (past a pool refill)', async () => {
      const s = core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', timestamp: () => T0 });
      const seen = new Set<string>();
      for (let i = 0; i < 130; i++) {
        const nonce = (await s.sign({ url: URL_A })).oauthParams.oauth_nonce as string;
        assert.ok(/^[a-p]{32}$/.test(nonce), `nonce ${nonce}`);
        seen.add(nonce);
      }
      assert.equal(seen.size, 130, 'no nonce repeats');
      const other = (await core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' }).sign({ url: URL_A }))
        .oauthParams.oauth_nonce as string;
      assert.ok(!seen.has(other), 'another signer draws other nonces');
    });

    test('the default timestamp: the current Unix time in whole seconds', async () => {
      const before = Math.floor(Date.now() / 1000);
      const signed = await core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' }).sign({ url: URL_A });
      const after = Math.floor(Date.now() / 1000);
      const timestamp = signed.oauthParams.oauth_timestamp as string;
      assert.ok(/^[1-9][0-9]*$/.test(timestamp), timestamp);
      assert.ok(Number(timestamp) >= before && Number(timestamp) <= after, `${timestamp} within [${before}, ${after}]`);
    });

    test('the protocol parameters, in name order: version 1.0 by default or left out, token when given', async () => {
      const plain = await signer().sign({ url: URL_A });
      assert.deepEqual(plain.oauthParams, {
        oauth_consumer_key: 'merchant',
        oauth_nonce: 'n1',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: String(T0),
        oauth_version: '1.0',
      });
      const noVersion = await signer({ version: false }).sign({ url: URL_A });
      assert.equal(noVersion.oauthParams.oauth_version, undefined);
      assert.ok(!noVersion.baseString.includes('oauth_version') && !noVersion.authorization.includes('oauth_version'));
      const withToken = await signer({ token: 'tok', tokenSecret: 'ts' }).sign({ url: URL_A });
      assert.deepEqual(Object.keys(withToken.oauthParams), [
        'oauth_consumer_key',
        'oauth_nonce',
        'oauth_signature_method',
        'oauth_timestamp',
        'oauth_token',
        'oauth_version',
      ]);
      assert.ok(withToken.authorization.includes('oauth_token="tok"'));
      assert.equal(codeOf(await captureError(() => signer({ token: '' }))), 'INVALID_PARAMETER', 'an empty token');
    });

    test('the realm: first in the header, quoted with " and \\ escaped, never signed', async () => {
      const signed = await signer({ realm: 'a "b" \\c' }).sign({ url: URL_A });
      assert.ok(signed.authorization.startsWith('OAuth realm="a \\"b\\" \\\\c", oauth_consumer_key="merchant"'), signed.authorization);
      assert.equal(core.parseAuthorizationHeader(signed.authorization).realm, 'a "b" \\c');
      assert.equal(signed.baseString, (await signer().sign({ url: URL_A })).baseString, 'the realm is not signed');
      assert.ok((await signer({ realm: '' }).sign({ url: URL_A })).authorization.startsWith('OAuth realm="", '));
    });

    test('timestamp() must give whole seconds > 0 (up to 12 digits); nonce() a non-empty string', async () => {
      for (const bad of [0, -1, 1.5, '12a', 'a12', ' 12', '012', '1e9', 1e12, '', Number.NaN]) {
        const error = await captureError(() => signer({ timestamp: () => bad }).sign({ url: URL_A }));
        assert.equal(codeOf(error), 'INVALID_PARAMETER', `timestamp ${String(bad)}`);
        assert.ok(String((error as Error).message).includes('timestamp()'), 'the message names timestamp()');
      }
      for (const good of [1, '9', 999_999_999_999, T0]) {
        assert.equal((await signer({ timestamp: () => good }).sign({ url: URL_A })).oauthParams.oauth_timestamp, String(good));
      }
      for (const bad of ['', 1, undefined]) {
        const error = await captureError(() => signer({ nonce: () => bad as string }).sign({ url: URL_A }));
        assert.equal(codeOf(error), 'INVALID_PARAMETER', `nonce ${String(bad)}`);
        assert.ok(String((error as Error).message).includes('nonce()'));
      }
    });

    test('options and requests that are not objects, and an empty consumer key, are refused', async () => {
      assert.equal(codeOf(await captureError(() => core.createSigner(null as never))), 'INVALID_PARAMETER');
      assert.equal(codeOf(await captureError(() => core.createSigner('x' as never))), 'INVALID_PARAMETER');
      assert.equal(codeOf(await captureError(() => signer({ consumerKey: '' }))), 'INVALID_PARAMETER');
      assert.equal(codeOf(await captureError(() => signer({ consumerKey: 7 as never }))), 'INVALID_PARAMETER');
      assert.equal(codeOf(await captureError(() => signer().sign(null as never))), 'INVALID_PARAMETER');
      assert.equal(codeOf(await captureError(() => signer().sign('https://gate.example/' as never))), 'INVALID_PARAMETER');
    });

    test('oauthParams adds protocol parameters in name order, and never overrides or forges one', async () => {
      const signed = await signer().sign({ url: URL_A, oauthParams: { oauth_verifier: 'v', oauth_callback: 'oob' } });
      assert.deepEqual(Object.keys(signed.oauthParams), [
        'oauth_callback',
        'oauth_consumer_key',
        'oauth_nonce',
        'oauth_signature_method',
        'oauth_timestamp',
        'oauth_verifier',
        'oauth_version',
      ]);
      assert.ok(signed.authorization.includes('oauth_callback="oob"') && signed.authorization.includes('oauth_verifier="v"'));
      assert.ok(signed.baseString.includes('oauth_callback%3Doob') && signed.baseString.includes('oauth_verifier%3Dv'));
      for (const name of [
        'oauth_nonce',
        'oauth_timestamp',
        'oauth_consumer_key',
        'oauth_signature_method',
        'oauth_version',
        'oauth_signature',
        'callback',
        'realm',
        '',
      ]) {
        const error = await captureError(() => signer().sign({ url: URL_A, oauthParams: { [name]: 'x' } }));
        assert.equal(codeOf(error), 'INVALID_PARAMETER', `oauthParams ${JSON.stringify(name)}`);
      }
      // With version: false the signer sets no oauth_version, so a caller may add it.
      const addedVersion = await signer({ version: false }).sign({ url: URL_A, oauthParams: { oauth_version: '1.0' } });
      assert.equal(addedVersion.oauthParams.oauth_version, '1.0');
      // A parameter named like an added protocol parameter would be signed twice.
      const twice = await captureError(() => signer().sign({ url: URL_A, params: { oauth_callback: 'x' }, oauthParams: { oauth_callback: 'oob' } }));
      assert.equal(codeOf(twice), 'INVALID_PARAMETER');
      const inQuery = await captureError(() => signer().sign({ url: `${URL_A}?oauth_verifier=x`, oauthParams: { oauth_verifier: 'v' } }));
      assert.equal(codeOf(inQuery), 'INVALID_PARAMETER');
    });

    test("protocol names in params or the query: the signer's own and oauth_signature are refused, naming where", async () => {
      for (const name of ['oauth_token', 'oauth_version', 'oauth_signature_method', 'oauth_signature']) {
        const s = signer({ token: 'tok', tokenSecret: 'ts' });
        const inParams = await captureError(() =>
          s.sign({
            url: URL_A,
            params: [
              ['amount', '1'],
              [name, 'x'],
            ],
          }),
        );
        assert.equal(codeOf(inParams), 'INVALID_PARAMETER', `${name} in params`);
        assert.ok(String((inParams as Error).message).includes('params') && String((inParams as Error).message).includes(name));
        const inQuery = await captureError(() => s.sign({ url: `${URL_A}?a=1&${name}=x` }));
        assert.equal(codeOf(inQuery), 'INVALID_PARAMETER', `${name} in the query`);
        assert.ok(String((inQuery as Error).message).includes('query'));
      }
      // Names the signer does not set are ordinary parameters, as is a name that only starts like one.
      const ok = await signer({ version: false }).sign({ url: `${URL_A}?oauth_version=2`, params: { oauth_token: 't', oauthx: '1', xoauth_nonce: '2' } });
      assert.ok(ok.baseString.includes('oauth_token%3Dt') && ok.baseString.includes('oauth_version%3D2'));
    });

    test('parameter names are encoded consistently across requests and are never confused with each other', async () => {
      const s = signer();
      const first = await s.sign({ url: URL_A, params: { 'a b': '1', 'c/d': '2' } });
      const second = await s.sign({ url: URL_A, params: { 'c/d': '3', 'a b': '4', é: '5' } });
      assert.equal(first.body, 'a%20b=1&c%2Fd=2');
      assert.equal(second.body, 'c%2Fd=3&a%20b=4&%C3%A9=5');
      assert.ok(second.baseString.includes(core.percentEncode('%C3%A9=5')));
    });
  });
}

/** createSigner's request layout for every flavour. */
export function signerLayoutSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => signerLayoutSuite(name, core));
}
