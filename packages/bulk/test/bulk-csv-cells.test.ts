// Bulk's results: an invalid row's record is said by the protocol's row formatter, and a results
// line is what the results writer always wrote, checked against an independent oracle of that old
// behaviour. (The CSV-cell rule itself is @paysign/protocol's: test/check-operation.test.ts.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactCardData } from '@paysign/protocol';
import { type BulkRecord, formatResultLine, invalidRowRecord } from '../src/index.js';

describe('invalidRowRecord: the results record of an invalid row', () => {
  it('names the row by its number in the input, then each field and what is wrong, never the value', () => {
    const record = invalidRowRecord({
      row: 7,
      recurringPaymentId: 'rp-7',
      issues: [
        { field: 'city', rule: 'csv-character', row: 6, message: "contains a semicolon, which the gateway's CSV cannot carry unquoted" },
        { field: 'amount', rule: 'decimal', row: 6, message: 'must be a decimal such as 10 or 10.42' },
      ],
    });
    expect(record).toEqual({
      row: 7,
      recurringPaymentId: 'rp-7',
      outcome: 'invalid',
      errorCode: 'csv-character',
      errorMessage: "row 7, city: contains a semicolon, which the gateway's CSV cannot carry unquoted; row 7, amount: must be a decimal such as 10 or 10.42",
    });
  });
});

// The results writer as it was before it used payload-codec's encodeCsvRecord, written out here
// as the oracle: mask, prefix a formula start with ', quote (RFC 4180) a cell holding ; " CR LF.
function resultLineAsBefore(record: BulkRecord): string {
  const cells = [String(record.row), record.recurringPaymentId, record.outcome, record.serialNumber ?? '', record.errorCode ?? '', record.errorMessage ?? ''];
  return `${cells
    .map((raw) => {
      const masked = redactCardData(raw);
      const text = /^[=+\-@\t\r]/.test(masked) ? `'${masked}` : masked;
      return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(';')}\r\n`;
}

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(';', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", ' ', '4', '1', '\uFEFF', '\uD800', '\uDFFF') },
  { weight: 1, arbitrary: fc.constant('4111111111111111') },
);
const text = fc.string({ unit, maxLength: 12 });
const record = fc.record(
  {
    row: fc.nat(100_000),
    recurringPaymentId: text,
    outcome: fc.constantFrom('updated', 'refused', 'invalid', 'failed'),
    serialNumber: text,
    errorCode: text,
    errorMessage: text,
  },
  { requiredKeys: ['row', 'recurringPaymentId', 'outcome'] },
) as fc.Arbitrary<BulkRecord>;

describe('formatResultLine', () => {
  it('writes the bytes the results writer wrote before, for any record without a NUL', () => {
    const utf8 = new TextEncoder();
    fc.assert(
      fc.property(record, (sample) => {
        // Bytes, as the file holds them: a lone surrogate was written as U+FFFD's bytes then too.
        expect(utf8.encode(formatResultLine(sample))).toEqual(utf8.encode(resultLineAsBefore(sample)));
      }),
      { numRuns: 1000 },
    );
  });

  it('shows a NUL as U+FFFD instead of writing it into the file', () => {
    const line = formatResultLine({ row: 2, recurringPaymentId: 'rp\0-2', outcome: 'refused', errorMessage: 'bad\0; value' });
    expect(line).toBe('2;rp\uFFFD-2;refused;;;"bad\uFFFD; value"\r\n');
  });
});
