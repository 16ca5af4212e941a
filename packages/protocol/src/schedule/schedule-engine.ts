// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { daysInMonth, fromEpochDay, toEpochDay } from '../model/calendar-date.js';
import type { AmountRule, ScheduleRules } from './schedule-rules.js';

/**
 * Where a schedule is read from: the one engine behind `previewSchedule` and the emulator's charges.
 *
 * @example
 * ```ts
 * import { readScheduleRules, scheduledCharges } from '@paysign/protocol/schedule';
import { type ScheduleCursor } from '@paysign/protocol';
 *
 * const today = Math.floor(Date.now() / 86_400_000); // epoch day
 * const cursor: ScheduleCursor = { scheduledOn: today, from: today, index: 0, count: 5 };
 * const charges = scheduledCharges(readScheduleRules(row), cursor);
 * ```
 */
export interface ScheduleCursor {
  /**
   * The epoch day the schedule was (re)set on: the day a payment without start-date starts, and
   * the day rule 10 reads as "the current date" (a non-auto start-date on that day is not charged).
   */
  scheduledOn: number;
  /** The first epoch day that may be charged (days before it are never charged). */
  from: number;
  /** The last epoch day to list (inclusive); default: no end but `count`. */
  through?: number;
  /** The repeats counter before the first listed charge (rule 9). */
  index: number;
  /** At most this many charges. */
  count?: number;
}

/**
 * One charge of the schedule: its counter value, epoch day and amount rule.
 *
 * @example
 * ```ts
 * import { readScheduleRules, scheduledCharges, type PlannedCharge } from '@paysign/protocol/schedule';
 *
 * const [next]: PlannedCharge[] = scheduledCharges(readScheduleRules(row), { scheduledOn: today, from: today, index: 0, count: 1 });
 * if (next) console.log(new Date(next.day * 86_400_000).toISOString().slice(0, 10), next.amount);
 * ```
 */
export interface PlannedCharge {
  /** The repeats counter at this charge (rule 9: the first charge has index 0). */
  index: number;
  /** The charge's epoch day (days since 1970-01-01). */
  day: number;
  /** The amount; for a random amount (rule 2), the range it is drawn from. */
  amount: string | { from: string; to: string };
}

/**
 * Lists the charges a schedule makes from `cursor.from` on: the dates of rules 5 and 6, the
 * amounts of rules 2 and 3, the counter of rule 9, rule 10's first charge, and the two stops of
 * "States and transitions" (finish-date passed; the charge whose index is max-repeats-number is
 * the last, see {@link isPastMaxRepeats}). Pure: the same rules and cursor always give the same
 * list, so listing day by day and listing at once agree.
 *
 * @example
 * ```ts
 * const rules = readScheduleRules({ amount: '1', period: 'day', interval: '1', 'start-date': '01.01.2030', 'max-repeats-number': '2' });
 * const day = rules.startDay as number;
 * scheduledCharges(rules, { scheduledOn: day - 10, from: day - 10, index: 0 });
 * // [{ index: 0, day, amount: '1' }, { index: 1, day: day + 1, amount: '1' }, { index: 2, day: day + 2, amount: '1' }]
 * ```
 */
export function scheduledCharges(rules: ScheduleRules, cursor: ScheduleCursor): PlannedCharge[] {
  const startDay = rules.startDay ?? cursor.scheduledOn;
  const dateAt = stepper(startDay, rules.period, rules.interval);
  const skipStart = !rules.auto && startDay === cursor.scheduledOn;
  const limit = cursor.count ?? Number.POSITIVE_INFINITY;
  const charges: PlannedCharge[] = [];
  let index = cursor.index;
  for (let step = firstStepFrom(dateAt, cursor.from); charges.length < limit; step++) {
    const day = dateAt(step);
    if (cursor.through !== undefined && day > cursor.through) break;
    if (rules.finishDay !== undefined && day > rules.finishDay) break;
    if (isPastMaxRepeats(rules, index)) break;
    if (day === startDay && skipStart) continue;
    charges.push({ index, day, amount: amountAt(rules.amount, index) });
    index++;
  }
  return charges;
}

/**
 * Whether max-repeats-number leaves out the charge whose repeats counter is `index`. The spec,
 * line 52: "max-repeats-number: Maximum repeat index; the first charge has index 0", and line 84
 * stops the payment at the charge attempt whose current repeats number (rule 9: the charge's
 * index) reaches max-repeats-number, that attempt being made: max-repeats-number N allows the
 * charges with indices 0 to N (N + 1 charges; N = 0 is exactly one charge), and any index past N
 * is left out. Without max-repeats-number no index is.
 *
 * @example
 * ```ts
 * import { isPastMaxRepeats, readScheduleRules } from '@paysign/protocol/schedule';
 *
 * const rules = readScheduleRules({ amount: '1', period: 'day', interval: '1', 'max-repeats-number': '2' });
 * isPastMaxRepeats(rules, 2); // false: index 2 is the last charge
 * isPastMaxRepeats(rules, 3); // true
 * ```
 */
export function isPastMaxRepeats(rules: Pick<ScheduleRules, 'maxRepeatsNumber'>, index: number): boolean {
  return rules.maxRepeatsNumber !== undefined && index > rules.maxRepeatsNumber;
}

/**
 * Whether the payment is stopped ("States and transitions"): the charge with index
 * max-repeats-number was made (`index`, the counter of the next charge, is past it: see
 * {@link isPastMaxRepeats}), or `today` is on or past its finish-date (the finish-date is the
 * date of the last charge; once it is reached no charge is left).
 *
 * @example
 * ```ts
 * const rules = readScheduleRules({ amount: '1', period: 'day', interval: '1', 'max-repeats-number': '2' });
 * isStopped(rules, { today: 0, index: 2 }); // false: the charge with index 2 is still to be made
 * isStopped(rules, { today: 0, index: 3 }); // true: indices 0, 1 and 2 were charged
 * ```
 */
export function isStopped(rules: ScheduleRules, at: { today: number; index: number }): boolean {
  if (isPastMaxRepeats(rules, at.index)) return true;
  return rules.finishDay !== undefined && at.today >= rules.finishDay;
}

/** The epoch day of the step-th scheduled date (rules 5 and 6), computed from the start, never from a clamped date. */
function stepper(startDay: number, period: ScheduleRules['period'], interval: number): (step: number) => number {
  if (period === 'day') return (step) => startDay + step * interval;
  if (period === 'week') return (step) => startDay + step * 7 * interval;
  const start = fromEpochDay(startDay);
  return (step) => {
    const months = start.month - 1 + step * interval;
    const year = start.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    return toEpochDay({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
  };
}

// Skips to the first scheduled date not before `from` without walking every past step: a
// bisection over the (increasing) step -> date function.
function firstStepFrom(dateAt: (step: number) => number, from: number): number {
  if (dateAt(0) >= from) return 0;
  let low = 0;
  let high = 1;
  while (dateAt(high) < from) high *= 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dateAt(middle) < from) low = middle;
    else high = middle;
  }
  return high;
}

function amountAt(rule: AmountRule, index: number): PlannedCharge['amount'] {
  if (rule.mode === 'fixed') return rule.amount;
  if (rule.mode === 'sequence') return rule.amounts[Math.min(index, rule.amounts.length - 1)] as string;
  return { from: rule.from, to: rule.to };
}
