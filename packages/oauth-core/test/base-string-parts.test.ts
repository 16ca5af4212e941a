// The one base-string function, step by step (RFC 5849 §3.4.1): each part as the RFC's example
// prints it, and the steps a diagnostic tool swaps in (another encoding, no sort) applied.
import { describe, expect, it } from 'vitest';
import { baseStringUri, normalizeMethod, percentEncode, signatureBaseStringParts } from '../src/entries/node.js';

describe('signatureBaseStringParts names the steps of §3.4.1', () => {
  it("RFC 5849 §3.4.1's example request: each part as the RFC prints it", () => {
    // RFC 5849 §3.4.1.1 and §3.4.1.3.2: the request's query, body and protocol parameters.
    const parameters: [string, string][] = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw%3D'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    const parts = signatureBaseStringParts(normalizeMethod('post'), baseStringUri('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'), parameters);
    expect(parts.method).toBe('POST');
    expect(parts.uri).toBe('http://example.com/request');
    expect(parts.normalizedParameters).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
    expect(parts.baseString).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
    // Step 1 in the order given, without oauth_signature.
    expect(parts.encodedParameters.slice(0, 4)).toEqual([
      ['b5', '%3D%253D'],
      ['a3', 'a'],
      ['c%40', ''],
      ['a2', 'r%20b'],
    ]);
    expect(parts.encodedParameters.some(([name]) => name === 'oauth_signature')).toBe(false);
  });

  it("another step's mistake reproduced: form encoding of spaces, no sort", () => {
    const plus = signatureBaseStringParts(
      'POST',
      'https://gate.example/',
      [
        ['note', 'a b'],
        ['a', '1'],
      ],
      {
        encode: (value) => percentEncode(value).replace(/%20/g, '+'),
        sort: false,
      },
    );
    expect(plus.normalizedParameters).toBe('note=a+b&a=1');
    expect(plus.baseString).toBe('POST&https%3A%2F%2Fgate.example%2F&note%3Da%2Bb%26a%3D1');
    // Step 1 left out (names and values not encoded): the URI and the normalized string are still
    // percent-encoded, as §3.4.1.1 does whatever step 1 did.
    const raw = signatureBaseStringParts('POST', 'https://gate.example/', [['a', 'x y!']], { encode: (value) => value });
    expect(raw.normalizedParameters).toBe('a=x y!');
    expect(raw.baseString).toBe('POST&https%3A%2F%2Fgate.example%2F&a%3Dx%20y%21');
  });
});
