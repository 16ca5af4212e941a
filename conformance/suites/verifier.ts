// Why the verifier refuses a request: each stable reason code, produced by the request that
// deserves it, and the accepted request beside it so that a refusal is never vacuous.
import { assert, suite, type Suite } from '../harness.js';
import type { Flavours, OAuthCore } from './flavours.js';

const SECRET = 'control-key';
const URL_ = 'https://gate.example/payment/api/v4/transfer/42';
const T0 = 1_700_000_000;

function reasonOf(result: { ok: boolean; reason?: string }): string {
  return result.ok ? 'ok' : (result.reason as string);
}

function verifierSuite(flavour: string, core: OAuthCore): Suite {
  let counter = 0;
  const sign = (options: Partial<Parameters<OAuthCore['createSigner']>[0]> = {}, params: Record<string, string> = { amount: '10.00' }) =>
    core
      .createSigner({
        consumerKey: 'merchant',
        consumerSecret: SECRET,
        signatureMethod: 'HMAC-SHA1',
        timestamp: () => T0,
        nonce: () => `n${++counter}`,
        ...options,
      })
      .sign({ url: URL_, params });
  const verifier = (overrides: Partial<Parameters<OAuthCore['createVerifier']>[0]> = {}) =>
    core.createVerifier({
      lookup: (key) => (key === 'merchant' ? { consumerSecret: SECRET } : undefined),
      now: () => T0,
      ...overrides,
    });
  const send = (s: { method: string; url: string; authorization: string; body: string }) => ({
    method: s.method,
    url: s.url,
    authorization: s.authorization,
    body: s.body,
  });

  return suite(`verifier reasons [${flavour}]`, (test) => {
    test('a fresh signed request is accepted, with its consumer, method and params', async () => {
      const result = await verifier().verify(send(await sign()));
      assert.ok(result.ok);
      assert.equal(result.consumerKey, 'merchant');
      assert.equal(result.signatureMethod, 'HMAC-SHA1');
      assert.deepEqual(result.params, [['amount', '10.00']]);
    });

    test('stale_timestamp: outside the window (default 300 s), either side', async () => {
      const signed = send(await sign());
      assert.equal(reasonOf(await verifier({ now: () => T0 + 301 }).verify(signed)), 'stale_timestamp');
      assert.equal(reasonOf(await verifier({ now: () => T0 - 301 }).verify(signed)), 'stale_timestamp');
      assert.equal(reasonOf(await verifier({ now: () => T0 + 300 }).verify(signed)), 'ok');
      assert.equal(reasonOf(await verifier({ now: () => T0 + 31, timestampWindowSeconds: 30 }).verify(send(await sign()))), 'stale_timestamp');
    });

    test('replayed_nonce: the same request twice', async () => {
      const v = verifier();
      const signed = send(await sign());
      assert.equal(reasonOf(await v.verify(signed)), 'ok');
      assert.equal(reasonOf(await v.verify(signed)), 'replayed_nonce');
    });

    // A nonce is remembered for as long as its timestamp can pass: a request first accepted at
    // any moment of the window is refused at every later moment the timestamp still passes,
    // boundaries included, with an integer and a fractional clock; past the window it is stale.
    test('replayed_nonce at the window boundary: -1, 0, +0.5 and +1 s, integer and fractional clocks', async () => {
      const window = 300;
      for (const firstAt of [-window, -1, 0, window - 1, window - 0.5, window]) {
        for (const offset of [-1, 0, 0.5, 1]) {
          let time = T0 + firstAt;
          const v = verifier({ now: () => time });
          const signed = send(await sign());
          assert.equal(reasonOf(await v.verify(signed)), 'ok', `accepted first at T0${firstAt >= 0 ? '+' : ''}${firstAt}`);
          time = T0 + window + offset;
          const expected = offset > 0 ? 'stale_timestamp' : 'replayed_nonce';
          assert.equal(reasonOf(await v.verify(signed)), expected, `first at T0+${firstAt}, replayed at T0+${window + offset}`);
          if (Number.isInteger(time)) {
            time = Math.floor(time) + 0.999;
            assert.notEqual(reasonOf(await v.verify(signed)), 'ok', `replayed at ${time - T0}`);
          }
        }
      }
    });

    test('one consumer filling its share of the nonce store does not lock out another', async () => {
      const v = verifier({
        lookup: (key) => (key === 'merchant' || key === 'other' ? { consumerSecret: SECRET } : undefined),
        nonceStore: core.createMemoryNonceStore({ maxEntries: 10, maxEntriesPerScope: 3, now: () => T0 }),
      });
      for (let i = 0; i < 3; i++) assert.equal(reasonOf(await v.verify(send(await sign()))), 'ok');
      assert.equal(reasonOf(await v.verify(send(await sign()))), 'nonce_store_full');
      assert.equal(reasonOf(await v.verify(send(await sign({ consumerKey: 'other' })))), 'ok');
    });

    test('a forged request does not use up its nonce', async () => {
      const v = verifier();
      const signed = send(await sign());
      assert.equal(reasonOf(await v.verify({ ...signed, body: 'amount=99.00' })), 'invalid_signature');
      assert.equal(reasonOf(await v.verify(signed)), 'ok');
    });

    test('unknown_consumer', async () => {
      assert.equal(reasonOf(await verifier().verify(send(await sign({ consumerKey: 'stranger' })))), 'unknown_consumer');
    });

    test('signature_method_not_allowed: a known method the consumer may not use', async () => {
      const signed = send(await sign({ signatureMethod: 'HMAC-SHA256' }));
      assert.equal(reasonOf(await verifier().verify(signed)), 'signature_method_not_allowed');
      const allowing = verifier({ lookup: () => ({ consumerSecret: SECRET, signatureMethods: ['HMAC-SHA256'] }) });
      assert.equal(reasonOf(await allowing.verify(signed)), 'ok');
    });

    test('unsupported_signature_method and unsupported_version', async () => {
      const signed = send(await sign());
      const header = core.parseAuthorizationHeader(signed.authorization).params;
      const withParam = (name: string, value: string) => ({ ...signed, authorization: core.formatAuthorizationHeader({ ...header, [name]: value }) });
      assert.equal(reasonOf(await verifier().verify(withParam('oauth_signature_method', 'HMAC-MD5'))), 'unsupported_signature_method');
      assert.equal(reasonOf(await verifier().verify(withParam('oauth_version', '2.0'))), 'unsupported_version');
    });

    test('malformed_request: a header that cannot be parsed, a bad URL, a bad method, a bad escape', async () => {
      const signed = send(await sign());
      for (const authorization of ['OAuth oauth_consumer_key="merchant', 'OAuth a="1" b="2"', 'OAuth =x', 'OAuth a="1", a="2"']) {
        assert.equal(reasonOf(await verifier().verify({ ...signed, authorization })), 'malformed_request', authorization);
      }
      assert.equal(reasonOf(await verifier().verify({ ...signed, url: 'not a url' })), 'malformed_request');
      assert.equal(reasonOf(await verifier().verify({ ...signed, method: 'PO ST' })), 'malformed_request');
      assert.equal(reasonOf(await verifier().verify({ ...signed, body: 'amount=%E0%A4%A' })), 'malformed_request');
    });

    test('missing_parameter: no Authorization header, or one without oauth_nonce', async () => {
      const signed = send(await sign());
      assert.equal(reasonOf(await verifier().verify({ ...signed, authorization: '' })), 'missing_parameter');
      const { oauth_nonce: _nonce, ...rest } = core.parseAuthorizationHeader(signed.authorization).params;
      assert.equal(reasonOf(await verifier().verify({ ...signed, authorization: core.formatAuthorizationHeader(rest) })), 'missing_parameter');
    });

    test('a protocol parameter in the header and the body: refused (§3.5); with the gateway layout allowed, different values are duplicate_parameter, equal ones count once', async () => {
      const signed = send(await sign());
      const nonce = core.parseAuthorizationHeader(signed.authorization).params.oauth_nonce!;
      const gateway = { allowParametersInHeaderAndBody: true };
      assert.equal(reasonOf(await verifier().verify({ ...signed, body: `${signed.body}&oauth_nonce=${nonce}` })), 'protocol_parameters_in_several_places');
      assert.equal(reasonOf(await verifier(gateway).verify({ ...signed, body: `${signed.body}&oauth_nonce=other` })), 'duplicate_parameter');
      assert.equal(reasonOf(await verifier(gateway).verify({ ...signed, body: `${signed.body}&oauth_nonce=${nonce}` })), 'ok');
    });

    test('the gateway layout: oauth_* also in the body (oauthParamsInBody) verifies', async () => {
      const signed = await core
        .createSigner({
          consumerKey: 'merchant',
          consumerSecret: SECRET,
          signatureMethod: 'HMAC-SHA1',
          timestamp: () => T0,
          oauthParamsInBody: true,
          realm: '',
        })
        .sign({ url: URL_, params: { amount: '10.00' } });
      assert.ok(signed.body.includes('oauth_signature='));
      assert.equal(reasonOf(await verifier({ allowParametersInHeaderAndBody: true }).verify(send(signed))), 'ok');
      assert.equal(reasonOf(await verifier().verify(send(signed))), 'protocol_parameters_in_several_places', 'not without allowParametersInHeaderAndBody');
      assert.equal(reasonOf(await verifier().verify({ ...send(signed), authorization: '' })), 'ok', 'the body alone carries the protocol parameters');
    });

    test('invalid_signature: a wrong secret, a changed body, a non-canonical signature', async () => {
      const signed = send(await sign());
      assert.equal(reasonOf(await verifier({ lookup: () => ({ consumerSecret: 'other' }) }).verify(signed)), 'invalid_signature');
      assert.equal(reasonOf(await verifier().verify({ ...signed, body: 'amount=10.01' })), 'invalid_signature');
      const header = core.parseAuthorizationHeader(signed.authorization).params;
      const sig = header.oauth_signature!;
      // Same bytes, written differently (no padding): refused, as exactly one text stands for each signature.
      assert.equal(
        reasonOf(await verifier().verify({ ...signed, authorization: core.formatAuthorizationHeader({ ...header, oauth_signature: sig.replace(/=+$/, '') }) })),
        'invalid_signature',
      );
      const result = await verifier().verify({ ...signed, body: 'amount=10.01' });
      assert.ok(!result.ok && result.baseString?.includes('amount%3D10.01'), 'the refusal carries the base string the server computed');
    });

    test('nonce_store_full: the in-memory store refuses rather than forgets a live nonce', async () => {
      const v = verifier({ nonceStore: core.createMemoryNonceStore({ maxEntries: 2, maxEntriesPerScope: 2, now: () => T0 }) });
      assert.equal(reasonOf(await v.verify(send(await sign()))), 'ok');
      assert.equal(reasonOf(await v.verify(send(await sign()))), 'ok');
      assert.equal(reasonOf(await v.verify(send(await sign()))), 'nonce_store_full');
    });

    test('quirky but valid Authorization headers from real clients verify', async () => {
      const signed = send(await sign());
      const { params } = core.parseAuthorizationHeader(signed.authorization);
      const pairs = Object.entries(params).map(([n, v]) => [core.percentEncode(n), core.percentEncode(v)] as const);
      const variants = [
        `OAuth ${pairs.map(([n, v]) => `${n}="${v}"`).join(',')}`, // no space after commas (node-oauth)
        `oauth ${pairs.map(([n, v]) => `${n}="${v}"`).join(', ')}`, // lowercase scheme
        `OAuth realm="Example", ${pairs.map(([n, v]) => `${n}="${v}"`).join(', ')}`, // realm first
        `OAuth\t${pairs.map(([n, v]) => `${n} = "${v}"`).join(' ,\n ')}`, // tabs, folded lines, spaces around '='
        `OAuth ${pairs.map(([n, v]) => `${n}="${v}"`).join(', ')}, realm="last"`, // realm last
      ];
      for (const authorization of variants) {
        const result = await verifier({ nonceStore: { remember: () => true } }).verify({ ...signed, authorization });
        assert.equal(reasonOf(result), 'ok', authorization);
      }
      // Unquoted values are not valid (RFC 5849 §3.5.1): the header cannot be read.
      const unquoted = `OAuth ${pairs.map(([n, v]) => `${n}=${v}`).join(', ')}`;
      assert.equal(reasonOf(await verifier({ nonceStore: { remember: () => true } }).verify({ ...signed, authorization: unquoted })), 'malformed_request');
    });
  });
}

export function verifierSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => verifierSuite(name, core));
}
