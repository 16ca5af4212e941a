// The node adapter's HMAC (RFC 2104 with the key's pads made once, each hash one crypto.hash call)
// against node:crypto's createHmac on the same key and data: random keys, ASCII (the pads' path)
// and not (createHmac's), shorter and longer than the hash's block (64 bytes, 128 for SHA-512),
// any text (non-ASCII, lone surrogates), long data (a 100-row update's base string), and one
// prepared key signing many times.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adapter } from '../src/adapters/node.js';
import type { SignFunction } from '../src/adapters/types.js';
import type { HashName } from '../src/types.js';

const HASHES: readonly [HashName, string][] = [
  ['SHA-1', 'sha1'],
  ['SHA-256', 'sha256'],
  ['SHA-512', 'sha512'],
];

const key = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'binary-ascii', maxLength: 70 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 60, maxLength: 140 }),
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom('a', '%', 'é', '☃', '\ud800', '\udc00', '\ud83d\ude00'), maxLength: 60 }),
);
// Long data, as a large payload's base string is.
const long = fc
  .tuple(fc.integer({ min: 5_000, max: 60_000 }), fc.constantFrom('A', 'é', '%2B'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

function reference(algorithm: string, secret: string, data: string): string {
  return createHmac(algorithm, Buffer.from(secret, 'utf8')).update(data, 'utf8').digest('base64');
}

describe("the node adapter's HMAC", () => {
  for (const [hash, algorithm] of HASHES) {
    it(`${hash} equals createHmac on any key and any data`, () => {
      fc.assert(
        fc.property(key, fc.array(fc.oneof(text, long), { minLength: 1, maxLength: 4 }), (secret, messages) => {
          const sign = adapter.hmac(hash, secret) as SignFunction;
          // One prepared key, several messages in turn (the buffer is reused between calls).
          for (const data of messages) expect(sign(data)).toBe(reference(algorithm, secret, data));
        }),
        { numRuns: 120 },
      );
    });
  }

  it('signs the RFC 2202 and RFC 4231 test cases with a text key', () => {
    const sign = (hash: HashName, secret: string, data: string) => (adapter.hmac(hash, secret) as SignFunction)(data);
    // RFC 2202 §3 test case 2 (HMAC-SHA1, key "Jefe").
    expect(Buffer.from(sign('SHA-1', 'Jefe', 'what do ya want for nothing?') as string, 'base64').toString('hex')).toBe(
      'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79',
    );
    // RFC 4231 §4.3 test case 2 (HMAC-SHA-256 and HMAC-SHA-512, key "Jefe").
    expect(Buffer.from(sign('SHA-256', 'Jefe', 'what do ya want for nothing?') as string, 'base64').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(Buffer.from(sign('SHA-512', 'Jefe', 'what do ya want for nothing?') as string, 'base64').toString('hex')).toBe(
      '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
    );
  });

  it('signs a message the same after signing others (nothing carries from one call to the next)', () => {
    const sign = adapter.hmac('SHA-1', 'k&') as SignFunction;
    const card = 'POST&https%3A%2F%2Fgate.example%2F&credit_card_number%3D4111111111111111%26cvv2%3D123';
    const expected = reference('sha1', 'k&', card);
    expect(sign(card)).toBe(expected);
    expect(sign('a')).toBe(reference('sha1', 'k&', 'a'));
    expect(sign(card)).toBe(expected);
  });
});
