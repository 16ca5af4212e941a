import { decodePayload } from '@paysign/payload-codec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayValidationError } from '../src/index.js';
import { recurringPaymentColumns, recurringPaymentPayload } from '../src/wire.js';

// Text a CSV carries without quoting: no `;`, `"`, CR or LF.
const plainText = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '.', '-', 'é', '東', '+', '='), maxLength: 12 });
const someSpecColumns = fc.subarray([...recurringPaymentColumns], { minLength: 1, maxLength: 6 });
const extraColumns = fc.uniqueArray(fc.constantFrom<string>('x-note', 'merchant-ref', 'batch'), { maxLength: 2 });

describe('recurringPaymentPayload (the update-recurring-payments payload parameter)', () => {
  it('reads back through payload-codec: the header is the spec columns in order, then each other column as first used; a cell a row lacks is empty', () => {
    fc.assert(
      fc.property(someSpecColumns, extraColumns, fc.integer({ min: 1, max: 4 }), fc.infiniteStream(plainText), (spec, extra, count, texts) => {
        const rows = Array.from({ length: count }, (_, i) =>
          Object.fromEntries([...spec, ...extra].filter((_, k) => (k + i) % 3 !== 2).map((column) => [column, texts.next().value])),
        );
        const decoded = decodePayload(recurringPaymentPayload(rows), { columns: 'any' });
        const firstUsed = [...new Set(rows.flatMap((row) => Object.keys(row)))];
        expect(decoded.columns).toEqual([...recurringPaymentColumns, ...firstUsed.filter((column) => extra.includes(column))]);
        expect(decoded.rows).toEqual(rows.map((row) => Object.fromEntries(decoded.columns.map((column) => [column, row[column] ?? '']))));
      }),
    );
  });

  it("refuses a cell CSV cannot carry under 'reject', naming the column and the row's 0-based index, and quotes it under 'rfc4180'", () => {
    const rows = [
      { 'client-orderid': 'order-1', city: 'Paris' },
      { 'client-orderid': 'order-2', city: 'Paris; France' },
    ];
    let refused: unknown;
    try {
      recurringPaymentPayload(rows);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(GatewayValidationError);
    const error = refused as GatewayValidationError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map(({ field, rule, row }) => ({ field, rule, row }))).toEqual([{ field: 'city', rule: 'forbidden-character', row: 1 }]);
    expect(error.message).toContain('rows[1] city');
    const decoded = decodePayload(recurringPaymentPayload(rows, { csvQuoting: 'rfc4180' }), { columns: 'any' });
    expect(decoded.rows[1]?.city).toBe('Paris; France');
  });
});
