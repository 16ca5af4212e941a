// Bulk's two CSV concerns use payload-codec's one CSV-cell rule and writer: validateBulkRow
// refuses what the codec refuses (by field and rule code), and a results line is what the
// results writer always wrote, checked against an independent oracle of that old behaviour.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactCardData } from '@paysign/protocol';
import { type BulkRecord, formatResultLine, validateBulkRow } from '../src/index.js';

const validRow = {
  'client-orderid': 'order-1',
  'recurring-payment-id': 'rp-1',
} as const;

const csvIssues = (row: Record<string, string>, csvQuoting?: 'reject' | 'rfc4180') =>
  validateBulkRow(row, 4, csvQuoting === undefined ? {} : { csvQuoting })
    .filter((issue) => issue.rule === 'csv-character')
    .map((issue) => [issue.row, issue.field, issue.rule]);

describe('validateBulkRow: the characters the gateway CSV cannot carry', () => {
  it("refuses ; \" CR LF unless csvQuoting is 'rfc4180', naming the field and the rule csv-character", () => {
    for (const value of ['a;b', 'a"b', 'a\rb', 'a\nb']) {
      const row = { ...validRow, city: value };
      expect(csvIssues(row)).toEqual([[4, 'city', 'csv-character']]);
      expect(csvIssues(row, 'reject')).toEqual([[4, 'city', 'csv-character']]);
      expect(csvIssues(row, 'rfc4180')).toEqual([]);
    }
  });

  it('refuses a NUL or a lone UTF-16 surrogate whatever the quoting, as the encoder would', () => {
    for (const csvQuoting of ['reject', 'rfc4180'] as const) {
      expect(csvIssues({ ...validRow, city: 'Lis\0bon', 'card-printed-name': 'JOHN\uD800' }, csvQuoting)).toEqual([
        [4, 'city', 'csv-character'],
        [4, 'card-printed-name', 'csv-character'],
      ]);
    }
  });

  it('never quotes the value in the message', () => {
    const [issue] = validateBulkRow({ ...validRow, city: '4111111111111111;123' }, 1).filter((found) => found.rule === 'csv-character');
    expect(issue?.message).toMatch(/^row 1: city: /);
    expect(issue?.message).not.toContain('4111');
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
