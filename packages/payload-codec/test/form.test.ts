import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeForm, encodeForm, encodePayload } from '@paysign/payload-codec';

const text = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('&', '=', '+', '%', ' ', '%20', '~', '*')), maxLength: 16 });
const pairs = fc.array(fc.tuple(text, text), { maxLength: 8 });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return (error as CodecError).code;
  }
  return undefined;
}

describe('encodeForm', () => {
  it('percent-encodes as RFC 3986 / RFC 5849 §3.6: UTF-8, uppercase hex, a space as %20', () => {
    // oauth.net wiki TestCases, "Parameter Encoding": 'Ladies + Gentlemen', '☃' (U+2603).
    expect(encodeForm([['name', 'Ladies + Gentlemen']])).toBe('name=Ladies%20%2B%20Gentlemen');
    expect(encodeForm([['snowman', '☃']])).toBe('snowman=%E2%98%83');
    expect(encodeForm([['unreserved', 'AZaz09-._~'], ['reserved', "!*'()"]])).toBe('unreserved=AZaz09-._~&reserved=%21%2A%27%28%29');
  });

  it('keeps the given order and repeated names; record arrays become repeated names', () => {
    expect(encodeForm([['b', '2'], ['a', '1'], ['b', '3']])).toBe('b=2&a=1&b=3');
    expect(encodeForm({ city: 'São Paulo', n: [1, 2], ok: true })).toBe('city=S%C3%A3o%20Paulo&n=1&n=2&ok=true');
  });

  it('escapes the Base64 payload characters + / =, so the bytes sent are the bytes signed', () => {
    const payload = encodePayload([{ a: '??>' }], { columns: ['a'] });
    expect(payload).toMatch(/[+/=]/);
    const body = encodeForm({ payload });
    expect(body.slice('payload='.length)).not.toMatch(/[+/=]/);
    expect(body).toBe(`payload=${payload.replaceAll('+', '%2B').replaceAll('/', '%2F').replaceAll('=', '%3D')}`);
  });

  it('writes only unreserved characters and %XX escapes, and any form reader reads the pairs back', () => {
    fc.assert(
      fc.property(pairs, (input) => {
        const body = encodeForm(input);
        expect(body).toMatch(/^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*=(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*(?:&(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*=(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*)*$|^$/);
        expect([...new URLSearchParams(body)]).toEqual(input); // the WHATWG reader, independently
        expect(decodeForm(body)).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses parameters it cannot write', () => {
    expect(codeOf(() => encodeForm({ amount: {} as never }))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => encodeForm([['a', '1', '2'] as never]))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => encodeForm({ amount: Number.NaN }))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => encodeForm([['name', 'x\uD800']]))).toBe('INVALID_STRING');
    expect(codeOf(() => encodeForm([['\uDFFF', 'x']]))).toBe('INVALID_STRING');
  });
});

describe('decodeForm', () => {
  it("reads x-www-form-urlencoded: '+' is a space, %XX is UTF-8, duplicates stay in order", () => {
    expect(decodeForm('type=validation-error&error-message=Invalid+amount%3A+%E6%9D%B1&error-code=200&error-code=500')).toEqual([
      ['type', 'validation-error'],
      ['error-message', 'Invalid amount: 東'],
      ['error-code', '200'],
      ['error-code', '500'],
    ]);
  });

  it('skips empty segments; a pair without "=" has the empty value; "=" after the first is value text', () => {
    expect(decodeForm('')).toEqual([]);
    expect(decodeForm('a&&b=&c=1=2&')).toEqual([
      ['a', ''],
      ['b', ''],
      ['c', '1=2'],
    ]);
  });

  it('reads what URLSearchParams writes (spaces as +)', () => {
    fc.assert(
      fc.property(pairs, (input) => {
        expect(decodeForm(new URLSearchParams(input).toString())).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses malformed escapes and escaped bytes that are not UTF-8, naming the pair', () => {
    const cases: [string, RegExp][] = [
      ['a=1&b=%ZZ', /value of pair 2/],
      ['a=1&b=%', /value of pair 2/],
      ['%E9=1', /name of pair 1/], // Latin-1 é: not UTF-8
      ['a=%ED%A0%80', /value of pair 1/], // an encoded surrogate
    ];
    for (const [body, where] of cases) {
      let error: unknown;
      try {
        decodeForm(body);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CodecError);
      expect(error).toMatchObject({ code: 'INVALID_FORM_ENCODING' });
      expect((error as Error).message).toMatch(where);
    }
  });
});
