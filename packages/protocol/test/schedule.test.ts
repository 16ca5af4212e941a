import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayValidationError } from '../src/index.js';
import { isPastMaxRepeats, isStopped, previewSchedule, readScheduleRules, type ScheduleInput } from '../src/schedule.js';

const dates = (charges: { date: string }[]) => charges.map((charge) => charge.date);

describe('previewSchedule: rules 5 and 6, the period and its interval', () => {
  it('period=day charges every day; interval 2 means every other day', () => {
    const base = { amount: '1', startDate: '30.12.2029', type: 'auto' } as const;
    expect(dates(previewSchedule({ ...base, period: 'day', interval: 1 }, { count: 4, today: '30.12.2029' }))).toEqual([
      '30.12.2029',
      '31.12.2029',
      '01.01.2030',
      '02.01.2030',
    ]);
    expect(dates(previewSchedule({ ...base, period: 'day', interval: 2 }, { count: 3, today: '30.12.2029' }))).toEqual([
      '30.12.2029',
      '01.01.2030',
      '03.01.2030',
    ]);
  });

  it('period=week charges every 7 days, times the interval', () => {
    expect(
      dates(previewSchedule({ amount: '1', period: 'week', interval: 3, startDate: '20.02.2028', type: 'auto' }, { count: 3, today: '01.01.2028' })),
    ).toEqual(['20.02.2028', '12.03.2028', '02.04.2028']);
  });

  it('period=month keeps the start day, on the last day of shorter months (the spec: "regardless of month length")', () => {
    expect(
      dates(previewSchedule({ amount: '1', period: 'month', interval: 1, startDate: '31.01.2028', type: 'auto' }, { count: 5, today: '31.01.2028' })),
    ).toEqual(['31.01.2028', '29.02.2028', '31.03.2028', '30.04.2028', '31.05.2028']);
    expect(
      dates(previewSchedule({ amount: '1', period: 'month', interval: 12, startDate: '29.02.2028', type: 'auto' }, { count: 3, today: '01.01.2028' })),
    ).toEqual(['29.02.2028', '28.02.2029', '28.02.2030']);
  });

  it('every monthly date keeps the anchor day or falls on the month end (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 }), (day, month, interval) => {
        const dim = new Date(Date.UTC(2030, month, 0)).getUTCDate();
        const start = `${String(Math.min(day, dim)).padStart(2, '0')}.${String(month).padStart(2, '0')}.2030`;
        const charges = previewSchedule({ amount: '1', period: 'month', interval, startDate: start, type: 'auto' }, { count: 24, today: start });
        charges.forEach((charge, n) => {
          const [d, m, y] = charge.date.split('.').map(Number) as [number, number, number];
          const months = month - 1 + n * interval;
          expect(y).toBe(2030 + Math.floor(months / 12));
          expect(m).toBe((months % 12) + 1);
          expect(d).toBe(Math.min(Math.min(day, dim), new Date(Date.UTC(y, m, 0)).getUTCDate()));
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe('previewSchedule: amounts (rules 2 and 3)', () => {
  it('a fixed amount on every charge', () => {
    const charges = previewSchedule({ amount: '9.99', period: 'day', interval: 1, startDate: '01.01.2030', type: 'auto' }, { count: 2, today: '01.01.2030' });
    expect(charges.map((charge) => charge.amount)).toEqual(['9.99', '9.99']);
  });

  it('a random range shows the range (rule 2)', () => {
    const [charge] = previewSchedule(
      { amountFrom: '5', amountTo: '7.50', period: 'day', interval: 1, startDate: '01.01.2030' },
      { count: 1, today: '01.01.2029' },
    );
    expect(charge?.amount).toEqual({ from: '5', to: '7.50' });
  });

  it('a sequence in order, then its last amount (rule 3)', () => {
    const charges = previewSchedule(
      { amountSequence: ['1.00', '2.00', '3.00'], period: 'day', interval: 1, startDate: '01.01.2030' },
      { count: 5, today: '01.01.2029' },
    );
    expect(charges.map((charge) => [charge.index, charge.amount])).toEqual([
      [0, '1.00'],
      [1, '2.00'],
      [2, '3.00'],
      [3, '3.00'],
      [4, '3.00'],
    ]);
  });

  it('a sequence starts at current-repeats-number: only 0 starts at the first amount (rule 3)', () => {
    const charges = previewSchedule(
      { amountSequence: ['1.00', '2.00', '3.00'], period: 'day', interval: 1, startDate: '01.01.2030', currentRepeatsNumber: 1 },
      { count: 3, today: '01.01.2029' },
    );
    expect(charges).toEqual([
      { index: 1, date: '01.01.2030', amount: '2.00' },
      { index: 2, date: '02.01.2030', amount: '3.00' },
      { index: 3, date: '03.01.2030', amount: '3.00' },
    ]);
  });
});

describe('previewSchedule: stop conditions', () => {
  // The spec, line 52: "max-repeats-number: Maximum repeat index; the first charge has index 0";
  // line 84 stops the payment at the charge attempt whose current repeats number reaches it, that
  // attempt being made. So N is the last charge's index: N + 1 charges, indices 0 to N.
  it('max-repeats-number N is the last charge index: N + 1 charges, indices 0 to N (line 52)', () => {
    const charges = previewSchedule(
      { amount: '1', period: 'day', interval: 1, startDate: '01.01.2030', maxRepeatsNumber: 3 },
      { count: 10, today: '01.01.2029' },
    );
    expect(charges.map((charge) => [charge.index, charge.date])).toEqual([
      [0, '01.01.2030'],
      [1, '02.01.2030'],
      [2, '03.01.2030'],
      [3, '04.01.2030'],
    ]);
  });

  it('max-repeats-number 0 makes exactly one charge, index 0 (line 52)', () => {
    expect(
      previewSchedule({ amount: '1', period: 'day', interval: 1, startDate: '01.01.2030', maxRepeatsNumber: 0 }, { count: 10, today: '01.01.2029' }),
    ).toEqual([{ index: 0, date: '01.01.2030', amount: '1' }]);
  });

  it('isPastMaxRepeats and isStopped: index N is still charged, N + 1 is past it; no max-repeats-number, never past', () => {
    const rules = readScheduleRules({ amount: '1', period: 'day', interval: '1', 'max-repeats-number': '2', 'finish-date': '01.01.2030' });
    expect([0, 1, 2, 3].map((index) => isPastMaxRepeats(rules, index))).toEqual([false, false, false, true]);
    const before = (rules.finishDay as number) - 1;
    expect(isStopped(rules, { today: before, index: 2 })).toBe(false);
    expect(isStopped(rules, { today: before, index: 3 })).toBe(true);
    expect(isStopped(rules, { today: before + 1, index: 0 })).toBe(true);
    const open = readScheduleRules({ amount: '1', period: 'day', interval: '1' });
    expect(isPastMaxRepeats(open, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isStopped(open, { today: before, index: 1_000 })).toBe(false);
  });

  it('max-repeats-number counts from the repeats counter, not from this preview', () => {
    const charges = previewSchedule(
      { amount: '1', period: 'day', interval: 1, startDate: '01.01.2030', maxRepeatsNumber: 3, currentRepeatsNumber: 2 },
      { count: 10, today: '01.01.2029' },
    );
    // Indices 2 and 3 are left of 0 to 3 (line 52: 3 is the last charge's index).
    expect(charges.map((charge) => charge.index)).toEqual([2, 3]);
    expect(
      previewSchedule(
        { amount: '1', period: 'day', interval: 1, startDate: '01.01.2030', maxRepeatsNumber: 3, currentRepeatsNumber: 4 },
        { count: 10, today: '01.01.2029' },
      ),
    ).toEqual([]);
  });

  it('for random N, period, interval, start date and no finish date: exactly N + 1 charges, indices 0 to N (property)', () => {
    const firstDay = Date.UTC(2000, 0, 1) / 86_400_000;
    const lastDay = Date.UTC(2099, 11, 31) / 86_400_000;
    const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('day', 'week', 'month'),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: firstDay, max: lastDay }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('auto', 'SRC', undefined),
        (maxRepeats, period, interval, start, daysBefore, type) => {
          const payment: ScheduleInput = {
            amount: '1',
            period,
            interval,
            startDate: dateOf(start),
            maxRepeatsNumber: maxRepeats,
            ...(type !== undefined && { type }),
          };
          const charges = previewSchedule(payment, { count: maxRepeats + 10, today: dateOf(start - daysBefore) });
          expect(charges.map((charge) => charge.index)).toEqual(Array.from({ length: maxRepeats + 1 }, (_, index) => index));
          const rules = readScheduleRules({ amount: '1', period, interval: String(interval), 'max-repeats-number': String(maxRepeats) });
          // Stopped once the charge with index N is made (the next counter is N + 1), not before.
          expect(isStopped(rules, { today: start, index: maxRepeats })).toBe(false);
          expect(isStopped(rules, { today: start, index: maxRepeats + 1 })).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finish-date is the date of the last charge: charged on it, never after', () => {
    const charges = previewSchedule(
      { amount: '1', period: 'week', interval: 1, startDate: '01.01.2030', finishDate: '15.01.2030' },
      { count: 10, today: '01.01.2029' },
    );
    expect(dates(charges)).toEqual(['01.01.2030', '08.01.2030', '15.01.2030']);
    const shorter = previewSchedule(
      { amount: '1', period: 'week', interval: 1, startDate: '01.01.2030', finishDate: '14.01.2030' },
      { count: 10, today: '01.01.2029' },
    );
    expect(dates(shorter)).toEqual(['01.01.2030', '08.01.2030']);
  });

  it('count limits the list', () => {
    expect(previewSchedule({ amount: '1', period: 'day', interval: 1, startDate: '01.01.2030' }, { count: 2, today: '01.01.2029' })).toHaveLength(2);
    expect(previewSchedule({ amount: '1', period: 'day', interval: 1, startDate: '01.01.2030' }, { count: 0, today: '01.01.2029' })).toEqual([]);
  });
});

describe('previewSchedule: rule 10, a start-date of today', () => {
  const payment = (type: string): ScheduleInput => ({ amount: '1', period: 'month', interval: 1, startDate: '10.03.2030', type });

  it('type auto: the first charge is made that day', () => {
    expect(dates(previewSchedule(payment('auto'), { count: 2, today: '10.03.2030' }))).toEqual(['10.03.2030', '10.04.2030']);
  });

  it('another type: the first charge falls on the next scheduled date, still index 0', () => {
    const charges = previewSchedule(payment('SRC'), { count: 2, today: '10.03.2030' });
    expect(charges.map((charge) => [charge.index, charge.date])).toEqual([
      [0, '10.04.2030'],
      [1, '10.05.2030'],
    ]);
  });

  it('a start-date in the future is charged on that date, whatever the type', () => {
    expect(dates(previewSchedule(payment('SRC'), { count: 1, today: '09.03.2030' }))).toEqual(['10.03.2030']);
  });

  it('dates before today are not charged and do not advance the counter', () => {
    const charges = previewSchedule({ amount: '1', period: 'month', interval: 1, startDate: '31.01.2030' }, { count: 2, today: '15.04.2030' });
    expect(charges).toEqual([
      { index: 0, date: '30.04.2030', amount: '1' },
      { index: 1, date: '31.05.2030', amount: '1' },
    ]);
  });

  it('skips far-past starts without walking each step', () => {
    const charges = previewSchedule({ amount: '1', period: 'day', interval: 1, startDate: '01.01.0001' }, { count: 1, today: '01.01.9999' });
    expect(dates(charges)).toEqual(['01.01.9999']);
  });

  it('a Date is read in UTC', () => {
    expect(
      dates(previewSchedule({ amount: '1', period: 'day', interval: 1, startDate: new Date('2030-01-31') }, { count: 1, today: new Date('2030-01-01') })),
    ).toEqual(['31.01.2030']);
  });
});

describe('previewSchedule: refuses what it cannot compute', () => {
  it.each([
    ['no period', { amount: '1' }, 'period period-interval'],
    ['a bad period', { amount: '1', period: 'year', interval: 1 }, 'period period-value'],
    ['no amount', { period: 'day', interval: 1 }, 'amount amount-mode'],
    ['a date off the calendar', { amount: '1', period: 'day', interval: 1, startDate: '30.02.2030' }, 'start-date calendar-date'],
    ['finish before start', { amount: '1', period: 'day', interval: 1, startDate: '02.01.2030', finishDate: '01.01.2030' }, 'finish-date date-order'],
    ['period with DST', { amount: '1', period: 'day', interval: 1, type: 'DST' }, 'period not-for-dst'],
  ])('%s', (_, payment, expected) => {
    try {
      previewSchedule(payment as unknown as ScheduleInput, { count: 1, today: '01.01.2030' });
      expect.unreachable('previewSchedule should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(GatewayValidationError);
      expect((error as GatewayValidationError).issues.map((issue) => `${issue.field} ${issue.rule}`)).toContain(expected);
    }
  });

  it('refuses a bad count or today', () => {
    const payment: ScheduleInput = { amount: '1', period: 'day', interval: 1 };
    expect(() => previewSchedule(payment, { count: -1 })).toThrow(GatewayValidationError);
    expect(() => previewSchedule(payment, { count: 1.5 })).toThrow(GatewayValidationError);
    expect(() => previewSchedule(payment, { count: 1, today: '2030-01-01' })).toThrow(/options\.today/);
  });

  it('accepts a whole payment, reading only its schedule fields', () => {
    const charges = previewSchedule(
      { clientOrderId: 'o', creditCardNumber: '4111111111111111', amount: '1', period: 'day', interval: 1, startDate: '01.01.2030' },
      { count: 1, today: '01.01.2029' },
    );
    expect(charges).toEqual([{ index: 0, date: '01.01.2030', amount: '1' }]);
  });
});
