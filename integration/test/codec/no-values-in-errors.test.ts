// In integration/: it reads the gateway's columns from @paysign/protocol, which depends on the codec.
// Cells may be card numbers or CVVs: a CodecError names the row, the column and
// the rule, and nothing it carries (message, stack, properties, cause) may contain the value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeCsv, decodePayload, encodeCsv, encodePayload } from '@paysign/payload-codec';
import { exposedText } from '../../../packages/payload-codec/test/_exposed.js';
import { bufferBase64, utf8 } from '../../../packages/payload-codec/test/_oracle.js';
import { recurringPaymentColumns } from '@paysign/protocol/wire';

/** A card-number-like secret: 16 random digits, seen nowhere else in a message. */
const pan = fc.stringMatching(/^[1-9]\d{15}$/);

function thrown(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
  throw new Error('expected a CodecError');
}

function expectNoSecret(error: CodecError, secret: string): void {
  const everything = exposedText(error);
  expect(everything).not.toContain(secret);
  // Not even a masked-looking middle: no run of 8 of its digits.
  for (let i = 0; i + 8 <= secret.length; i++) expect(everything).not.toContain(secret.slice(i, i + 8));
}

const scenarios: [string, (secret: string) => () => unknown][] = [
  ['a separator in a cell', (s) => () => encodeCsv([{ card: `${s};` }], { columns: ['card'] })],
  ['a quote in a cell', (s) => () => encodePayload([{ card: `"${s}` }], { columns: ['card'] })],
  ['a line break in a cell', (s) => () => encodePayload([{ card: `${s}\r\n` }], { columns: ['card'] })],
  ['a lone surrogate in a cell', (s) => () => encodeCsv([{ card: `${s}\uD800` }], { columns: ['card'] })],
  ['a lone surrogate in a quoted cell', (s) => () => encodeCsv([{ card: `${s};\uDC00` }], { columns: ['card'], quoting: 'rfc4180' })],
  ['a number where a string belongs', (s) => () => encodeCsv([{ card: Number(s) as never }], { columns: ['card'] })],
  ['a ragged row', (s) => () => decodeCsv(`credit-card-number;cvv2\r\n${s}\r\n`, { columns: recurringPaymentColumns })],
  ['a missing header row (the first row read as the header)', (s) => () => decodeCsv(`${s};987\r\n${s};987\r\n`, { columns: recurringPaymentColumns })],
  ['a missing header row, with any names allowed and a repeated value', (s) => () => decodeCsv(`${s};${s}\r\n1;2\r\n`, { columns: 'any' })],
  ['a missing header row, with any names allowed and a later stray quote', (s) => () => decodeCsv(`x;${s}\r\n1;a"\r\n`, { columns: 'any' })],
  ['a NUL in a cell', (s) => () => encodeCsv([{ card: `${s}\0` }], { columns: ['card'], quoting: 'rfc4180' })],
  ['a NUL in a decoded cell', (s) => () => decodeCsv(`credit-card-number\r\n${s}\0\r\n`, { columns: recurringPaymentColumns })],
  ['a stray quote', (s) => () => decodeCsv(`credit-card-number\r\n${s}"\r\n`, { columns: recurringPaymentColumns })],
  ['an unterminated quote', (s) => () => decodeCsv(`credit-card-number\r\n"${s}\r\n`, { columns: recurringPaymentColumns })],
  ['text after a closing quote', (s) => () => decodeCsv(`credit-card-number\r\n"${s}"${s}\r\n`, { columns: recurringPaymentColumns })],
  ['a bare LF', (s) => () => decodeCsv(`credit-card-number\r\n${s}\n${s}\r\n`, { columns: recurringPaymentColumns })],
  [
    'bytes that are not UTF-8',
    (s) => () => decodePayload(bufferBase64(Uint8Array.from([...utf8(`credit-card-number\r\n${s}`), 0xff])), { columns: recurringPaymentColumns }),
  ],
  [
    'corrupt Base64',
    (s) => () => decodePayload(`${bufferBase64(utf8(`credit-card-number\r\n${s}\r\n`)).slice(0, -4)}*AAA`, { columns: recurringPaymentColumns }),
  ],
  ['Base64 with pad bits', (s) => () => decodePayload(`${bufferBase64(utf8(`credit-card-number\r\n${s}\r\n`))}QR==`, { columns: recurringPaymentColumns })],
];

describe('errors never carry a cell value', () => {
  for (const [name, scenario] of scenarios) {
    it(name, () => {
      fc.assert(
        fc.property(pan, (secret) => expectNoSecret(thrown(scenario(secret)), secret)),
        { numRuns: 20 },
      );
    });
  }
});
