// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { GatewayValidationError } from '../errors.js';
import { formatCalendarDate, fromEpochDay, parseCalendarDate, toEpochDay, type CalendarDate } from '../model/calendar-date.js';
import type { AmountMode, DateInput, IntegerInput, Schedule } from '../model/types.js';
import { IssueList } from '../validation/check-field.js';
import { typedToWire } from '../validation/check-types.js';
import { scheduledCharges } from './schedule-engine.js';
import { checkScheduleRow, rulesFromCheckedRow, SCHEDULE_FIELDS } from './schedule-rules.js';

/**
 * What a schedule preview reads of a recurring payment (a whole `RecurringPaymentUpdate` will do).
 *
 * @example
 * ```ts
 * import { previewSchedule, type ScheduleInput } from '@paysign/protocol/schedule';
 *
 * const payment: ScheduleInput = { amount: '10.42', period: 'month', interval: 1, startDate: '31.01.2026' };
 * previewSchedule(payment, { count: 3, today: '01.01.2026' });
 * ```
 */
export type ScheduleInput = AmountMode &
  Schedule & {
    startDate?: DateInput;
    finishDate?: DateInput;
    maxRepeatsNumber?: IntegerInput;
    currentRepeatsNumber?: IntegerInput;
    type?: string;
    [other: string]: unknown;
  };

/**
 * How far to look ahead.
 *
 * @example
 * ```ts
 * import { previewSchedule, type PreviewScheduleOptions } from '@paysign/protocol/schedule';
 *
 * const options: PreviewScheduleOptions = { count: 12, today: new Date() };
 * const charges = previewSchedule(payment, options);
 * ```
 */
export interface PreviewScheduleOptions {
  /** How many charges to list at most (fewer when finish-date or max-repeats-number stops the payment). */
  count: number;
  /** The current date (`DD.MM.YYYY` or a `Date`, read in UTC); default: today in UTC. */
  today?: DateInput;
}

/**
 * One charge the recurring payment will make.
 *
 * @example
 * ```ts
 * import { previewSchedule, type ScheduledCharge } from '@paysign/protocol/schedule';
 *
 * const charges: ScheduledCharge[] = previewSchedule({ amountFrom: '5.00', amountTo: '15.00', period: 'week', interval: 2 }, { count: 2, today: '05.01.2026' });
 * for (const charge of charges) console.log(charge.index, charge.date, charge.amount); // amount: { from: '5.00', to: '15.00' }
 * ```
 */
export interface ScheduledCharge {
  /** The repeats counter at this charge (rule 9: the first charge has index 0). */
  index: number;
  /** `DD.MM.YYYY`. */
  date: string;
  /** The amount; for a random amount (rule 2), the range it is drawn from. */
  amount: string | { from: string; to: string };
}

/**
 * Lists the charges a recurring payment will make, by the spec's rules. The readings chosen where
 * the spec leaves room, each beside its sentence:
 *
 * - Rule 5, "period=month charges on the same day of the month as the start date, regardless of
 *   month length": the start date's day is kept as the anchor; in a month too short for it the
 *   charge falls on that month's last day, and the next month returns to the anchor (31.01 ->
 *   28.02 -> 31.03 -> 30.04), as billing systems do. Each date is computed from the start date,
 *   never from the previous (clamped) one.
 * - "max-repeats-number: Maximum repeat index; the first charge has index 0" (line 52) and
 *   "charge attempt | current repeats number reaches max-repeats-number | stop | client is
 *   charged no more" (line 84): the current repeats number at a charge is its index (rule 9), so
 *   the attempt with index N reaches max-repeats-number N, is made, and stops the payment;
 *   max-repeats-number N means N + 1 charges, indices 0 to N (N = 0: exactly one charge).
 * - "finish-date: Date of the last charge": a charge on the finish-date is made; none after it.
 * - Rule 10, "If start-date is the current date and the type is auto, the first charge is made on
 *   that day": for any other type, a start-date equal to `today` is not charged that day; the
 *   first charge falls on the next scheduled date. Dates before `today` are never charged (the
 *   schedule is not run backwards); skipped dates do not advance the counter, as rule 9 counts
 *   charges ("increases even when a charge fails"), not calendar dates.
 * - Rule 3, "charges take the amounts of the list in order ... For charges to start from the first
 *   list amount, the current repeats number must be 0": the charge with index i takes the list's
 *   amount i (the last one once i passes the end); the first listed charge has index
 *   current-repeats-number (default 0), on the start date.
 * - No start-date: the schedule starts `today` (the spec does not say).
 *
 * @throws {GatewayValidationError} when the schedule fields break the spec's rules or the options are unusable.
 * @example
 * ```ts
 * previewSchedule(
 *   { amountSequence: ['1.00', '2.00'], period: 'month', interval: 1, startDate: '31.01.2025', type: 'auto' },
 *   { count: 4, today: '31.01.2025' },
 * );
 * // [{ index: 0, date: '31.01.2025', amount: '1.00' }, { index: 1, date: '28.02.2025', amount: '2.00' },
 * //  { index: 2, date: '31.03.2025', amount: '2.00' }, { index: 3, date: '30.04.2025', amount: '2.00' }]
 * ```
 */
export function previewSchedule(payment: ScheduleInput, options: PreviewScheduleOptions): ScheduledCharge[] {
  const issues = new IssueList();
  const row = typedToWire(payment, SCHEDULE_FIELDS, issues, 'previewSchedule');
  // Other fields of a whole payment are not read here and not reported as unknown.
  issues.issues.splice(0, issues.issues.length, ...issues.issues.filter((issue) => issue.rule !== 'unknown-field'));
  checkScheduleRow(row, issues);
  const count = options?.count;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
    issues.add({ wire: 'options.count' }, 'integer', 'must be a whole number 0 or more');
  }
  const today = readToday(options?.today, issues);
  if (issues.issues.length > 0 || today === undefined) throw new GatewayValidationError(issues.issues);

  const rules = rulesFromCheckedRow(row);
  const todayDay = toEpochDay(today);
  // The one engine the emulator charges with: same rules, same day, same list.
  return scheduledCharges(rules, { scheduledOn: todayDay, from: todayDay, index: rules.currentRepeatsNumber, count: count as number }).map((charge) => ({
    index: charge.index,
    date: formatCalendarDate(fromEpochDay(charge.day)),
    amount: charge.amount,
  }));
}

function readToday(today: DateInput | undefined, issues: IssueList): CalendarDate | undefined {
  if (today === undefined) return parseCalendarDate(formatCalendarDate(new Date()));
  const text = today instanceof Date ? (Number.isNaN(today.getTime()) ? '' : formatCalendarDate(today)) : today;
  const date = typeof text === 'string' ? parseCalendarDate(text) : undefined;
  if (date === undefined) issues.add({ wire: 'options.today' }, 'calendar-date', 'must be a DD.MM.YYYY date that exists, or a valid Date');
  return date;
}
