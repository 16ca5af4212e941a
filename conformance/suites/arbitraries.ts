// Random requests for the property suites: unicode, reserved characters, duplicate names, empty
// values and names that prefix each other (`amount`, `amount-from`), where naive sorting of
// joined `name=value` strings goes wrong.
import fc from 'fast-check';

const TRICKY = [
  '',
  ' ',
  '+',
  '%',
  '%20',
  '%2B',
  '=',
  '&',
  '?',
  '#',
  '/',
  ':',
  '!',
  "'",
  '(',
  ')',
  '*',
  '~',
  '-',
  '.',
  '_',
  'a b',
  'a+b',
  '☃',
  'é',
  'e\u0301',
  '😀',
  '日本',
  '\n',
  '\u007f',
  '\u0080',
  '100.00',
];
const PREFIXED = ['amount', 'amount-from', 'amount_to', 'amount.x', 'amount0', 'amountA', 'a', 'a-', 'a=', 'ab', 'b', 'c@', 'c2'];

/** A parameter value: tricky constants or any well-formed unicode. */
export const value: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'binary', maxLength: 12 }));

/** A parameter name that is not a protocol parameter. */
export const name: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PREFIXED) },
    { weight: 1, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  )
  .filter((n) => !n.startsWith('oauth_'));

/** Request parameters in order, duplicates allowed. */
export const pairs: fc.Arbitrary<[string, string][]> = fc.array(fc.tuple(name, value), { maxLength: 8 }).chain((list) =>
  // Repeat some names so that duplicates, sorted by value, are common.
  fc.array(fc.tuple(fc.constantFrom(...(list.length ? list.map(([n]) => n) : ['amount'])), value), { maxLength: 3 }).map((more) => [...list, ...more]),
);

// '.' and '..' are dot-segments that URL parsers remove (RFC 3986 §5.2.4), so they never reach a base string.
const SEGMENT = fc.string({ unit: fc.constantFrom(...'abcXYZ019-._~'), minLength: 1, maxLength: 6 }).filter((s) => s !== '.' && s !== '..');

/** An absolute http(s) URL already in base string URI form (lowercase host, no default port). */
export const baseUrl: fc.Arbitrary<string> = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    host: fc.constantFrom('example.com', 'api.gate.example', 'sandbox.gate.example', '127.0.0.1'),
    port: fc.constantFrom('', ':8080', ':8443', ':3000'),
    segments: fc.array(SEGMENT, { maxLength: 4 }),
  })
  .map(({ scheme, host, port, segments }) => `${scheme}://${host}${port}/${segments.join('/')}`);

export const httpMethod: fc.Arbitrary<string> = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'post', 'Get');

/** Non-empty credentials strings, unicode included. */
export const secret: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('kd94hf93k423kf44', 'a&b', 'sp ace', '☃', '%'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
);
export const token: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('nnch734d00sl2jdk', 'tok en', 'tök'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
);
export const nonce: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom(...'abcdefABCDEF0123456789'), minLength: 1, maxLength: 32 });
export const timestamp: fc.Arbitrary<string> = fc.integer({ min: 1, max: 4_000_000_000 }).map(String);

/** A whole request to sign. */
export const request = fc.record({ method: httpMethod, url: baseUrl, params: pairs });
