// In integration/: it reads the gateway's columns from @paysign/protocol, which depends on the codec.
// NUL is refused in every cell, on the way out and on the way in; formula-looking cells are kept
// verbatim, since the gateway's CSV is read by a machine (attack finding 13).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeCsv, decodePayload, encodeCsv, encodePayload } from '@paysign/payload-codec';
import { bufferBase64, utf8 } from '../../../packages/payload-codec/test/_oracle.js';
import { recurringPaymentColumns } from '@paysign/protocol/wire';

function thrown(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
  throw new Error('expected a CodecError');
}

const columns = ['client-orderid', 'card-printed-name', 'city'];

describe('NUL in a cell', () => {
  it('is refused when encoding, naming row and column and not the value, quoted or not', () => {
    for (const quoting of ['reject', 'rfc4180'] as const) {
      for (const run of [
        () => encodeCsv([{ city: 'ok' }, { 'card-printed-name': 'JOHN\0DOE 4111111111111111' }], { columns, quoting }),
        () => encodePayload([{ city: 'ok' }, { 'card-printed-name': 'JOHN\0DOE 4111111111111111' }], { columns, quoting }),
        () => encodeCsv([{ city: 'ok' }, { 'card-printed-name': 'JOHN;\0DOE 4111111111111111' }], { columns, quoting }),
      ]) {
        const error = thrown(run);
        expect(error).toMatchObject({ code: 'NUL_CHARACTER', row: 2, column: 'card-printed-name' });
        expect(error.message).toBe(`row 2, column "card-printed-name": the value holds a NUL character (U+0000), which the gateway's CSV cannot carry`);
      }
    }
    expect(thrown(() => encodeCsv([], { columns: ['a\0b'] }))).toMatchObject({ code: 'NUL_CHARACTER', row: 0 });
  });

  it('is refused when decoding, plain or quoted, naming row and column', () => {
    const cases: [string, Partial<CodecError>][] = [
      ['client-orderid;city\r\n1;Kö\0ln\r\n', { row: 1, column: 'city', field: 2 }],
      ['client-orderid;city\r\n1;"Kö\0ln; x"\r\n', { row: 1, column: 'city', field: 2 }],
      ['client-orderid;city\r\n1;x\r\n\0;y\r\n', { row: 2, column: 'client-orderid', field: 1 }],
      ['client-orderid;ci\0ty\r\n1;x\r\n', { row: 0, field: 2 }],
    ];
    for (const [text, location] of cases) {
      for (const run of [
        () => decodeCsv(text, { columns: recurringPaymentColumns }),
        () => decodePayload(bufferBase64(utf8(text)), { columns: recurringPaymentColumns }),
      ]) {
        const error = thrown(run);
        expect(error, JSON.stringify(text)).toMatchObject({ code: 'NUL_CHARACTER', ...location });
        expect(error.message).not.toContain('Kö');
      }
    }
  });

  it('any value with a NUL is refused at its own row and column', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), fc.nat(3), (before, after, index) => {
        const rows = Array.from({ length: index + 1 }, () => ({ city: 'x' }));
        rows[index] = { city: `${before.replace(/[;"\r\n\0]/g, '')}\0${after}` };
        expect(thrown(() => encodeCsv(rows, { columns: ['city'], quoting: 'rfc4180' }))).toMatchObject({
          code: 'NUL_CHARACTER',
          row: index + 1,
          column: 'city',
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('formula-looking cells (=, +, -, @ first) are written and read verbatim', () => {
  const rows = [
    { 'client-orderid': '-1', amount: '-5.00', phone: '+351 912 345 678', 'payment-description': '=SUM(A1:A9)', email: '@user', city: '+-=@' },
    { 'client-orderid': '=1+1', amount: '+10', phone: '-', 'payment-description': '@SUM(1)', email: '=HYPERLINK("x")', city: '\t=1' },
  ];
  const cols = ['client-orderid', 'amount', 'phone', 'payment-description', 'email', 'city'];

  it('encodeCsv neither escapes nor prefixes them, and decodeCsv gives them back byte for byte', () => {
    const csv = encodeCsv(rows, { columns: cols, quoting: 'rfc4180' });
    expect(csv.split('\r\n')[1]).toBe('-1;-5.00;+351 912 345 678;=SUM(A1:A9);@user;+-=@');
    expect(decodeCsv(csv, { columns: recurringPaymentColumns }).rows).toEqual(rows);
  });

  it('encodePayload keeps their bytes: the Base64 decodes to the same UTF-8', () => {
    const payload = encodePayload(rows, { columns: cols, quoting: 'rfc4180' });
    const csv = Buffer.from(payload, 'base64').toString('utf8');
    expect(csv).toBe(encodeCsv(rows, { columns: cols, quoting: 'rfc4180' }));
    expect(csv).toContain('\r\n=1+1;+10;-;@SUM(1);"=HYPERLINK(""x"")";\t=1\r\n');
    expect(decodePayload(payload, { columns: recurringPaymentColumns }).rows).toEqual(rows);
  });

  it('for any text starting with =, +, - or @', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('=', '+', '-', '@'),
        fc.string({ maxLength: 10 }).map((s) => s.replace(/[;"\r\n\0]/g, '')),
        (first, rest) => {
          const value = first + rest;
          fc.pre(!/\p{Cs}/u.test(value));
          const csv = encodeCsv([{ city: value }], { columns: ['city'] });
          expect(csv).toBe(`city\r\n${value}\r\n`);
          expect(decodeCsv(csv, { columns: recurringPaymentColumns }).rows[0]!.city).toBe(value);
        },
      ),
      { numRuns: 200 },
    );
  });
});
