// In integration/: it reads the gateway's columns from @paysign/protocol, which depends on the codec.
// A missing header row makes the first data row the header: its card number and CVV must never
// come back as "column names" in an error (attack finding 5).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeCsv, decodePayload, encodeCsv } from '@paysign/payload-codec';
import { exposedText } from '../../../packages/payload-codec/test/_exposed.js';
import { bufferBase64, utf8 } from '../../../packages/payload-codec/test/_oracle.js';
import { recurringPaymentColumns } from '@paysign/protocol/wire';

const PAN = '4111111111111111';
const CVV = '987';

function thrown(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
  throw new Error('expected a CodecError');
}

const everything = (error: CodecError) => exposedText(error);

/** Two data rows of a real payment (every cell filled), without the header row. */
function headerless(pan = PAN, cvv = CVV): string {
  const row = (id: string) => [pan, cvv, `order-${id}`, `rp-${id}`, 'JOSE MULLER', '2030', '12', '10.00', 'EUR'];
  return [row('1'), row('2')].map((cells) => `${cells.join(';')}\r\n`).join('');
}

describe('a CSV whose header row is missing', () => {
  it('is refused with UNKNOWN_HEADER, naming the column by position only', () => {
    for (const run of [
      () => decodeCsv(headerless(), { columns: recurringPaymentColumns }),
      () => decodePayload(bufferBase64(utf8(headerless())), { columns: recurringPaymentColumns }),
    ]) {
      const error = thrown(run);
      expect(error.code).toBe('UNKNOWN_HEADER');
      expect(error.row).toBe(0);
      expect(error.field).toBe(1);
      expect(error.column).toBeUndefined();
      expect(error.message).toBe(
        "the header row's column 1 is not a known column name; the first row must name the columns (first expected: client-orderid, recurring-payment-id, payment-description, ...)",
      );
      const text = everything(error);
      expect(text).not.toContain(PAN);
      expect(text).not.toContain('411111');
      expect(text).not.toContain(CVV);
    }
  });

  it('never echoes a cell of the first row, whatever it holds and wherever it sits', () => {
    // Card-data-like cells: four digits or more, then digits and separators.
    const cell = fc.stringMatching(/^\d{4}[0-9 .@-]{0,16}$/);
    fc.assert(
      fc.property(fc.uniqueArray(cell, { minLength: 1, maxLength: 6 }), fc.nat(5), (cells, at) => {
        const names: string[] = [...recurringPaymentColumns.slice(0, 5)];
        names.splice(at % (names.length + 1), 0, ...cells);
        const error = thrown(() => decodeCsv(`${names.join(';')}\r\n${names.map(() => 'x').join(';')}\r\n`, { columns: recurringPaymentColumns }));
        expect(error.code).toBe('UNKNOWN_HEADER');
        const text = everything(error);
        for (const value of cells) expect(text).not.toContain(value);
      }),
      { numRuns: 200 },
    );
  });

  it('also when the first row repeats a value (no DUPLICATE_COLUMN quoting it) or breaks a later rule', () => {
    expect(everything(thrown(() => decodeCsv(`${CVV};${CVV}\r\n1;2\r\n`, { columns: recurringPaymentColumns })))).not.toContain(CVV);
    expect(thrown(() => decodeCsv(`${CVV};${CVV}\r\n1;2\r\n`, { columns: recurringPaymentColumns })).code).toBe('UNKNOWN_HEADER');
    // With any names allowed, names are still never quoted: fields are named by position.
    const duplicate = thrown(() => decodeCsv(`${PAN};${PAN}\r\n1;2\r\n`, { columns: 'any' }));
    expect(duplicate).toMatchObject({ code: 'DUPLICATE_COLUMN', row: 0, field: 2 });
    expect(everything(duplicate)).not.toContain(PAN);
    const quoting = thrown(() => decodeCsv(`x;${PAN}\r\n1;a"b\r\n`, { columns: 'any' }));
    expect(quoting).toMatchObject({ code: 'INVALID_QUOTING', row: 1, field: 2 });
    expect(everything(quoting)).not.toContain(PAN);
  });
});

describe('the known columns', () => {
  it('accept every header encodeCsv writes with the spec columns, and name known columns in errors', () => {
    const csv = encodeCsv([{ 'client-orderid': '1', city: 'Köln' }], { columns: ['client-orderid', 'city'] });
    expect(decodeCsv(csv, { columns: recurringPaymentColumns }).rows).toEqual([{ 'client-orderid': '1', city: 'Köln' }]);
    expect(thrown(() => decodeCsv('client-orderid;city\r\n1;a"b\r\n', { columns: recurringPaymentColumns }))).toMatchObject({
      code: 'INVALID_QUOTING',
      row: 1,
      column: 'city',
      field: 2,
    });
    expect(thrown(() => decodeCsv('city;city\r\n', { columns: recurringPaymentColumns }))).toMatchObject({ code: 'DUPLICATE_COLUMN', column: 'city' });
  });

  it('can be given, or lifted with columns: "any"', () => {
    expect(decodeCsv('a;b\r\n1;2\r\n', { columns: ['a', 'b'] }).rows).toEqual([{ a: '1', b: '2' }]);
    expect(thrown(() => decodeCsv('a;c\r\n1;2\r\n', { columns: ['a', 'b'] }))).toMatchObject({ code: 'UNKNOWN_HEADER', field: 2 });
    expect(decodeCsv('a;c\r\n1;2\r\n', { columns: 'any' }).columns).toEqual(['a', 'c']);
    for (const columns of [[], [''], 'all', [1]]) expect(thrown(() => decodeCsv('a\r\n', { columns: columns as never })).code).toBe('INVALID_OPTION');
  });
});
