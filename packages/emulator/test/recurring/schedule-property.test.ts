// One schedule engine: the charges the emulator makes as its clock advances are the charges
// previewSchedule lists for the same profile and day (rules 2, 3, 5, 6, 9, 10, the stops).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOf, epochDayOf } from '../../src/clock/emulator-clock.js';
import { previewSchedule, type ScheduleInput } from '@paysign/protocol/schedule';
import { MAX_CHARGES_KEPT } from '@paysign/emulator';
import { advance, create, life, virtualEmulator } from './helpers.js';

const firstDay = epochDayOf('01.01.2023') as number;
const lastDay = epochDayOf('31.12.2030') as number;

// Month ends and leap days come up often: a day drawn near a month's end half the time.
const day = fc.oneof(
  fc.integer({ min: firstDay, max: lastDay }),
  fc.integer({ min: firstDay, max: lastDay }).map((d) => {
    const date = new Date(d * 86_400_000);
    const end = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / 86_400_000);
    return end - (d % 3);
  }),
);

const amountMode = fc.oneof(
  fc.constant({ amount: '10.00' }),
  fc.constant({ 'amount-from': '5', 'amount-to': '7.50' }),
  fc.array(fc.integer({ min: 1, max: 999 }), { minLength: 1, maxLength: 4 }).map((list) => ({ 'amount-sequence': list.map((n) => `${n}.00`).join(',') })),
);

const scenario = fc.record({
  period: fc.constantFrom('day', 'week', 'month'),
  interval: fc.integer({ min: 1, max: 13 }),
  start: day,
  todayOffset: fc.integer({ min: -70, max: 40 }),
  finishAfter: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
  maxRepeats: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  currentRepeats: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  withStart: fc.boolean(),
  type: fc.constantFrom('auto', 'SRC', 'AUTO', undefined),
  amount: amountMode,
  steps: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 4 }),
});

const toTyped = (wire: Record<string, string>): ScheduleInput => {
  const typed: Record<string, unknown> = {};
  const names: Record<string, string> = {
    amount: 'amount',
    'amount-from': 'amountFrom',
    'amount-to': 'amountTo',
    period: 'period',
    interval: 'interval',
    'start-date': 'startDate',
    'finish-date': 'finishDate',
    'max-repeats-number': 'maxRepeatsNumber',
    'current-repeats-number': 'currentRepeatsNumber',
    type: 'type',
  };
  for (const [name, value] of Object.entries(wire)) {
    if (name === 'amount-sequence') typed.amountSequence = value.split(',');
    else if (names[name] !== undefined) typed[names[name] as string] = value;
  }
  return typed as ScheduleInput;
};

describe('the emulator charges what previewSchedule lists (one engine)', () => {
  it('over 1,000 random profiles, the clock advanced in random steps', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const today = s.start + s.todayOffset;
        const profile: Record<string, string> = {
          'recurring-payment-id': 'rp-p',
          'client-orderid': 'order-p',
          'credit-card-number': '4111111111111111',
          period: s.period,
          interval: String(s.interval),
          ...s.amount,
          ...(s.withStart && { 'start-date': dateOf(s.start) }),
          ...(s.withStart && s.finishAfter !== undefined && { 'finish-date': dateOf(s.start + s.finishAfter) }),
          ...(!s.withStart && s.finishAfter !== undefined && { 'finish-date': dateOf(today + s.finishAfter) }),
          ...(s.maxRepeats !== undefined && { 'max-repeats-number': String(s.maxRepeats) }),
          ...(s.currentRepeats !== undefined && { 'current-repeats-number': String(s.currentRepeats) }),
          ...(s.type !== undefined && { type: s.type }),
        };
        const emulator = virtualEmulator(dateOf(today));
        const created = await create(emulator, profile);
        expect(created.status).toBe(201);
        const reported = [...created.json.charges];
        let now = today;
        for (const step of s.steps) {
          const moved = await advance(emulator, step);
          now += step;
          expect(moved.json.today).toBe(dateOf(now));
          reported.push(...moved.json.charges);
        }
        const preview = previewSchedule(toTyped(profile), { count: 2_000, today: dateOf(today) }).filter(
          (charge) => (epochDayOf(charge.date) as number) <= now,
        );
        const seen = await life(emulator, 'rp-p');
        // The history keeps the newest MAX_CHARGES_KEPT charges (no callback is owed here).
        const kept = preview.slice(-MAX_CHARGES_KEPT);
        expect(seen.charges.map(({ index, date }) => ({ index, date }))).toEqual(kept.map(({ index, date }) => ({ index, date })));
        expect(reported).toHaveLength(preview.length);
        expect(reported.slice(-MAX_CHARGES_KEPT).map((charge) => charge.orderid)).toEqual(seen.charges.map((charge) => charge.orderid));
        seen.charges.forEach((charge, n) => {
          const planned = kept[n]?.amount;
          if (typeof planned === 'string') expect(charge.amount).toBe(planned);
          else {
            expect(charge.amount).toMatch(/^\d+\.\d{2}$/);
            expect(Number(charge.amount)).toBeGreaterThanOrEqual(5);
            expect(Number(charge.amount)).toBeLessThanOrEqual(7.5);
          }
        });
        // Rule 9 and "States and transitions".
        const counter = (s.currentRepeats ?? 0) + preview.length;
        expect(seen.currentRepeatsNumber).toBe(counter);
        const finish = profile['finish-date'] === undefined ? undefined : (epochDayOf(profile['finish-date']) as number);
        // The spec, line 52: max-repeats-number is the last charge's index, so the payment stops
        // once the charge with that index is made, when the counter is past it.
        const stopped = (s.maxRepeats !== undefined && counter > s.maxRepeats) || (finish !== undefined && now >= finish);
        expect(seen.state).toBe(stopped ? 'stop' : 'active');
      }),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
