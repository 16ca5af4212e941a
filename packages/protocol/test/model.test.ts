import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, parseCalendarDate, checkRecurringPaymentRows, type GatewayOperation } from '../src/index.js';
import {
  fromWireRow,
  gatewayOperations,
  matchOperationPath,
  operationPath,
  operationUrl,
  recurringPaymentFields,
  toPanEligibilitySendParams,
  toWireRow,
} from '../src/wire.js';
import { validFields, validPayment } from '@paysign/test-fixtures';

describe('operation paths (spec, "Endpoints" and "Versioning")', () => {
  it('puts v4 before update-recurring-payments and transfer, v2 before pan-eligibility/send', () => {
    expect(operationPath('update-recurring-payments', '1234')).toBe('/payment/api/v4/update-recurring-payments/1234');
    expect(operationPath('transfer', '1234')).toBe('/payment/api/v4/transfer/1234');
    expect(operationPath('pan-eligibility/send', '1234')).toBe('/payment/api/v2/pan-eligibility/send/1234');
    expect(operationUrl('https://gate.example/', 'transfer', 'a b', '/custom/')).toBe('https://gate.example/custom/api/v4/transfer/a%20b');
    expect(operationPath('transfer', '1', '')).toBe('/api/v4/transfer/1');
  });

  it('matches each path back to its operation and endpoint, and nothing else', () => {
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(gatewayOperations) as GatewayOperation[])), fc.string({ minLength: 1 }), (operation, endpointId) => {
        expect(matchOperationPath(operationPath(operation, endpointId))).toEqual({ operation, endpointId });
      }),
      { numRuns: 200 },
    );
    expect(matchOperationPath('/payment/api/v4/pan-eligibility/send/1')).toBeUndefined();
    expect(matchOperationPath('/payment/api/v2/transfer/1')).toBeUndefined();
    expect(matchOperationPath('/payment/api/v4/transfer/')).toBeUndefined();
    expect(matchOperationPath('/payment/api/v4/transfer/1/2')).toBeUndefined();
    expect(matchOperationPath('/other/api/v4/transfer/1')).toBeUndefined();
  });
});

describe('wire rows', () => {
  it('maps every property of the field table to its exact wire spelling', () => {
    const spelled = Object.fromEntries(recurringPaymentFields.map((field) => [field.property, field.wire]));
    expect(spelled).toMatchObject({
      clientOrderId: 'client-orderid',
      orderDesc: 'order_desc',
      notifyUrl: 'notify_url',
      serverCallbackUrl: 'server_callback_url',
      maxRepeatsNumber: 'max-repeats-number',
      address1: 'address1',
    });
    expect(toPanEligibilitySendParams({ clientOrderId: 'o', sendingCardRefId: 'r' })).toEqual({ 'client-order-id': 'o', 'sending-card-ref-id': 'r' });
  });

  it('writes numbers, lists and Dates as text, and reads them back', () => {
    const row = toWireRow({ ...validFields(), amountSequence: ['1.00', '2.50'], expireYear: 2031, startDate: new Date('2030-02-28') });
    expect(row).toMatchObject({ 'expire-year': '2031', 'amount-sequence': '1.00,2.50', 'start-date': '28.02.2030' });
    expect('amount' in row).toBe(false);
    expect(fromWireRow(row)).toMatchObject({ expireYear: '2031', amountSequence: ['1.00', '2.50'], startDate: '28.02.2030' });
    expect(fromWireRow({ 'notify-url': 'https://m.example/n', city: '' })).toEqual({ notifyUrl: 'https://m.example/n' });
  });

  it('round-trips any valid row through fromWireRow and toWireRow unchanged (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes(','));
    fc.assert(
      fc.property(text, text, fc.array(fc.stringMatching(/^\d{1,5}\.\d{2}$/), { minLength: 1, maxLength: 4 }), (orderId, city, amounts) => {
        const row = { ...toWireRow(validPayment()), 'client-orderid': orderId, city, amount: '', 'amount-sequence': amounts.join(',') };
        const { amount: _, ...given } = row;
        expect(toWireRow(fromWireRow(row) as never)).toEqual(given);
        expect(checkRecurringPaymentRows([row]).filter((issue) => issue.rule !== 'well-formed-text')).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('calendar dates', () => {
  it('formats and parses DD.MM.YYYY, refusing dates that do not exist', () => {
    expect(formatCalendarDate(new Date('2024-02-29T23:59:59Z'))).toBe('29.02.2024');
    expect(parseCalendarDate('29.02.2024')).toEqual({ day: 29, month: 2, year: 2024 });
    for (const bad of ['29.02.2023', '31.11.2024', '00.01.2024', '01.13.2024', '01.01.0000', '1.01.2024', '01-01-2024']) {
      expect(parseCalendarDate(bad)).toBeUndefined();
    }
  });

  it('agrees with Date.UTC on every day (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }), (date) => {
        const text = formatCalendarDate(date);
        const parsed = parseCalendarDate(text)!;
        expect(Date.UTC(parsed.year, parsed.month - 1, parsed.day)).toBe(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      }),
      { numRuns: 200 },
    );
  });
});
