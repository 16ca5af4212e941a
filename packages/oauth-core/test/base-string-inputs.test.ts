// Inputs of the base string at their edges: a received URL with no path, form text with raw whitespace, the HTTP method refusal, and the signer's
// remembered parameter order when the next name list is a prefix of the last one or differs from
// it at every position. Imports src, like the other unit tests.
import { describe, expect, it } from 'vitest';
import { parseFormPairs } from '../src/entries/encoding.js';
import { createSigner, createVerifier, signatureBaseString } from '../src/entries/node.js';
import { thrown } from './_support.js';

const T0 = 1_700_000_000;
const SECRET = 'control-key';

describe('base string edges', () => {
  it('a received URL with no path (https://host?x=1, https://host) verifies against the "/" URI', async () => {
    const verifier = createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0 });
    for (const [nonce, url] of [
      ['n1', 'https://Gate.example'],
      ['n2', 'https://Gate.example?x=1'],
    ] as const) {
      const signed = await createSigner({
        consumerKey: 'merchant',
        consumerSecret: SECRET,
        signatureMethod: 'HMAC-SHA1',
        nonce: () => nonce,
        timestamp: () => T0,
      }).sign({
        method: 'GET',
        url,
      });
      expect(signed.baseString.split('&')[1]).toBe('https%3A%2F%2Fgate.example%2F');
      const result = await verifier.verify({ method: 'GET', url, authorization: signed.authorization });
      expect(result.ok ? 'ok' : result.reason).toBe('ok');
    }
  });

  it('parseFormPairs keeps raw whitespace (space, tab, newline) in names and values', () => {
    expect(parseFormPairs('a=x y&b\tc=1\n2&d')).toEqual([
      ['a', 'x y'],
      ['b\tc', '1\n2'],
      ['d', ''],
    ]);
  });

  it('an HTTP method that is not an RFC 7230 token is refused with INVALID_METHOD and its rule', () => {
    for (const method of ['GE T', '', 'GET\n', 'PO(ST', undefined, 123, null]) {
      expect(thrown(() => signatureBaseString(method as string, 'https://gate.example/'))).toEqual({
        code: 'INVALID_METHOD',
        message: 'the HTTP method must be a non-empty RFC 7230 token',
      });
    }
    expect(signatureBaseString('patch', 'https://gate.example/').startsWith('PATCH&')).toBe(true);
  });
});

describe("the signer's remembered parameter order", () => {
  const signer = () => createSigner({ consumerKey: 'ck', consumerSecret: 's', signatureMethod: 'HMAC-SHA1', nonce: () => 'n0', timestamp: () => T0 });
  const URL_ = 'https://gate.example/payment';
  const expected = (signed: { oauthParams: Record<string, string> }, params: [string, string][], url = URL_) =>
    signatureBaseString('POST', url, [...params, ...Object.entries(signed.oauthParams)]);

  it('a name list that is a prefix of the last one is sorted again (an extension protocol parameter sorted last, then none)', () => {
    const s = signer();
    const params: [string, string][] = [['zeta', '1']];
    const first = s.signSync({ url: URL_, params, oauthParams: { oauth_x_ext: 'e' } });
    expect(first.baseString).toBe(expected(first, params));
    const second = s.signSync({ url: URL_, params });
    expect(second.baseString).toBe(expected(second, params));
    expect(second.baseString).not.toContain('oauth_x_ext');
  });

  it('a name list of the same length that differs at every position is sorted again', () => {
    const s = signer();
    const one: [string, string][] = [
      ['p', '1'],
      ['q', '2'],
    ];
    const first = s.signSync({ url: URL_, params: one });
    expect(first.baseString).toBe(expected(first, one));
    // One parameter fewer, one protocol parameter more: same length, every name shifted.
    const two: [string, string][] = [['r', '3']];
    const second = s.signSync({ url: URL_, params: two, oauthParams: { oauth_x_ext: 'e' } });
    expect(second.baseString).toBe(expected(second, two));
  });
});
