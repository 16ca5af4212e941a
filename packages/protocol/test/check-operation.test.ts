// One check per operation and one line per audience: the checks return structured issues whose
// message names neither the row nor the field; the formatters put them where each reader looks.
import { encodePayload } from '@paysign/payload-codec';
import { describe, expect, it } from 'vitest';
import {
  checkOperation,
  checkRecurringPaymentColumns,
  checkRecurringPaymentRows,
  checkRecurringPayments,
  describeIssue,
  formatRowIssue,
  GatewayValidationError,
  readRowIssues,
  type RecurringPaymentUpdate,
  type ValidationIssue,
} from '../src/index.js';
import { recurringPaymentColumns, toWireRow } from '../src/wire.js';
import { TEST_PAN, validPayment } from '@paysign/test-fixtures';
import { formatClientIssue } from '../src/validation/format-issue.js';

const validRow = () => toWireRow(validPayment() as unknown as RecurringPaymentUpdate);
const where = (issues: readonly ValidationIssue[]) => issues.map((issue) => [issue.row, issue.field, issue.rule]);
const payloadOf = (rows: readonly Record<string, string>[]) => encodePayload(rows, { columns: recurringPaymentColumns as string[] });

describe('the issues carry their place apart from their message', () => {
  it('a row check gives each issue its 0-based row; the message names neither the row nor the field', () => {
    const issues = checkRecurringPaymentRows([validRow(), { ...validRow(), 'client-orderid': '', amount: '1,5' }]);
    expect(where(issues)).toEqual([
      [1, 'client-orderid', 'required'],
      [1, 'amount', 'decimal'],
    ]);
    for (const issue of issues) {
      expect(issue.message).not.toMatch(/row|client-orderid:|amount:/);
      expect(issue.message).not.toBe('');
    }
  });

  it('every operation is checked from its wire parameters, the payload decoded and each data row checked', () => {
    const payload = payloadOf([validRow(), { ...validRow(), 'expire-month': '13' }]);
    expect(where(checkOperation('update-recurring-payments', { payload }))).toEqual([[1, 'expire-month', 'expire-month-range']]);
    expect(where(checkOperation('update-recurring-payments', { payload, city: 'x' }))).toEqual([
      [undefined, 'city', 'unknown-field'],
      [1, 'expire-month', 'expire-month-range'],
    ]);
    expect(where(checkOperation('update-recurring-payments', {}))).toEqual([[undefined, 'payload', 'required']]);
    expect(where(checkOperation('update-recurring-payments', { payload: 'not base64!' }))).toEqual([[undefined, 'payload', 'invalid-base64']]);
    expect(where(checkOperation('pan-eligibility/send', { 'client-order-id': 'order-1' }))).toEqual([[undefined, 'sending-card-ref-id', 'required']]);
    expect(where(checkOperation('transfer', { client_orderid: 'o', amount: '1', currency: 'EUR', card_recurring_payment_id: 'r' }))).toEqual([
      [undefined, 'destination-card-no', 'transfer-destination'],
    ]);
  });

  it('a form body as sent (a list of pairs): a name that comes twice is one repeated issue, then the operation is checked', () => {
    const body: [string, string][] = [
      ['client-order-id', 'o-1'],
      ['client-order-id', 'o-1'],
      ['client-order-id', 'o-2'],
      ['sending-card-ref-id', 'ref-9'],
    ];
    expect(where(checkOperation('pan-eligibility/send', body))).toEqual([[undefined, 'client-order-id', 'repeated']]);
    expect(checkOperation('pan-eligibility/send', body.slice(2))).toEqual([]);
  });

  it("the csv-character issue: ; \" CR LF unless csvQuoting is 'rfc4180', a NUL or a lone surrogate always, the value never quoted", () => {
    for (const value of ['a;b', 'a"b', 'a\rb', 'a\nb', `${TEST_PAN};123`]) {
      const row = { ...validRow(), city: value };
      const issues = checkRecurringPaymentRows([row], { csvQuoting: 'reject' });
      expect(where(issues)).toEqual([[0, 'city', 'csv-character']]);
      expect(issues[0]?.message).toMatch(/set csvQuoting: 'rfc4180'/);
      expect(issues[0]?.message).not.toContain('4111');
      expect(checkRecurringPaymentRows([row], { csvQuoting: 'rfc4180' })).toEqual([]);
      expect(checkRecurringPaymentRows([row])).toEqual([]);
    }
    for (const csvQuoting of ['reject', 'rfc4180'] as const) {
      expect(where(checkRecurringPaymentRows([{ ...validRow(), city: 'Lis\0bon', 'card-printed-name': 'JOHN\uD800' }], { csvQuoting }))).toEqual([
        [0, 'card-printed-name', 'well-formed-text'],
        [0, 'card-printed-name', 'csv-character'],
        [0, 'city', 'csv-character'],
      ]);
    }
  });

  it('typed payments are checked by type, rule and cell, each issue with its payment index', () => {
    const payments = [
      validPayment(),
      { ...validPayment(), cardPrintedName: 'DOE; JOHN' },
      { ...validPayment(), expireMonth: 13 },
    ] as unknown as RecurringPaymentUpdate[];
    expect(where(checkRecurringPayments(payments))).toEqual([
      [1, 'card-printed-name', 'csv-character'],
      [2, 'expire-month', 'expire-month-range'],
    ]);
  });

  it("a header's missing required columns are said once, without a row", () => {
    const columns = Object.keys(validRow()).filter((name) => name !== 'credit-card-number' && name !== 'expire-year');
    expect(where(checkRecurringPaymentColumns(columns))).toEqual([
      [undefined, 'credit-card-number', 'required'],
      [undefined, 'expire-year', 'required'],
    ]);
    expect(checkRecurringPaymentColumns([...recurringPaymentColumns])).toEqual([]);
    expect(where(checkRecurringPaymentColumns([...recurringPaymentColumns, 'colour']))).toEqual([[undefined, 'colour', 'unknown-field']]);
  });
});

describe('one line per audience', () => {
  const unplaced: ValidationIssue = { field: 'client-orderid', property: 'clientOrderId', rule: 'required', message: 'is required' };
  const issue: ValidationIssue = { ...unplaced, row: 1 };

  it('the field as spelt, then the message', () => {
    expect(describeIssue(issue)).toBe('client-orderid: is required');
    expect(describeIssue(issue, 'clientOrderId')).toBe('clientOrderId: is required');
  });

  it("the client's error names the payment as the caller's array holds it", () => {
    expect(formatClientIssue(issue)).toBe('payments[1] client-orderid: is required');
    expect(formatClientIssue(issue, 'rows')).toBe('rows[1] client-orderid: is required');
    expect(formatClientIssue(unplaced)).toBe('client-orderid: is required');
    expect(new GatewayValidationError([issue], 'VALIDATION_FAILED', 'rows').message).toBe(
      'the request breaks the gateway spec:\n- rows[1] client-orderid: is required',
    );
  });

  it('a reply written with formatRowIssue reads back into its rows, fields and messages; other wording does not', () => {
    const issues = [issue, { field: 'amount', rule: 'decimal', row: 0, message: 'must be a decimal such as 10 or 10.42' } as const];
    const text = issues.map((one) => formatRowIssue(one)).join('; ');
    expect(readRowIssues(text)).toEqual(issues.map(({ field, message, row }) => ({ field, message, row })));
    for (const other of ['', 'Invalid card', 'row 0, city: x', 'row 1 city: x', 'row 1, : x', 'row 1, city: x; row 2, : y'])
      expect(readRowIssues(other), other).toBeUndefined();
  });

  it("a numbered row (the gateway's reply, bulk's results) counts from 1, or as the caller numbers it", () => {
    expect(formatRowIssue(issue)).toBe('row 2, client-orderid: is required');
    expect(formatRowIssue(issue, 7)).toBe('row 7, client-orderid: is required');
    expect(formatRowIssue(unplaced)).toBe('client-orderid: is required');
  });
});
