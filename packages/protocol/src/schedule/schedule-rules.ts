// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { GatewayValidationError } from '../errors.js';
import { parseCalendarDate, toEpochDay, type CalendarDate } from '../model/calendar-date.js';
import { recurringPaymentFields } from '../model/recurring-payment-fields.js';
import type { Period } from '../model/types.js';
import { IssueList } from '../validation/check-field.js';
import { recurringPaymentRowIssues } from '../validation/recurring-payment-row-rules.js';

/**
 * How the amount of each charge is chosen (rules 1-3).
 *
 * @example
 * ```ts
 * import { readScheduleRules } from '@paysign/protocol/schedule';
import { type AmountRule } from '@paysign/protocol';
 *
 * const rule: AmountRule = readScheduleRules({ amount: '10.42', period: 'month', interval: '1' }).amount; // { mode: 'fixed', amount: '10.42' }
 * ```
 */
export type AmountRule = { mode: 'fixed'; amount: string } | { mode: 'random'; from: string; to: string } | { mode: 'sequence'; amounts: readonly string[] };

/**
 * A recurring payment's schedule, read and checked once: what the schedule engine runs on.
 *
 * @example
 * ```ts
 * import { isStopped, readScheduleRules, type ScheduleRules } from '@paysign/protocol/schedule';
 *
 * const rules: ScheduleRules = readScheduleRules({ amount: '10.42', period: 'month', interval: '1', 'max-repeats-number': '12' });
 * isStopped(rules, { today, index: 13 }); // true: thirteen charges made, indices 0 to 12
 * ```
 */
export interface ScheduleRules {
  /** The start date as an epoch day, or `undefined` when the payment has none (it starts on the day it is scheduled). */
  readonly startDay: number | undefined;
  readonly finishDay: number | undefined;
  readonly maxRepeatsNumber: number | undefined;
  /** The repeats counter the payment carries (`current-repeats-number`, default 0). */
  readonly currentRepeatsNumber: number;
  readonly period: Period;
  readonly interval: number;
  /** Whether the type is `auto` (rule 10), any case. */
  readonly auto: boolean;
  readonly amount: AmountRule;
}

/** The wire names the schedule reads. */
export const SCHEDULE_WIRES: ReadonlySet<string> = new Set([
  'amount',
  'amount-from',
  'amount-to',
  'amount-sequence',
  'period',
  'interval',
  'start-date',
  'finish-date',
  'max-repeats-number',
  'current-repeats-number',
  'type',
]);

type RecurringPaymentField = (typeof recurringPaymentFields)[number];

/** The field-table rows of {@link SCHEDULE_WIRES}. */
export const SCHEDULE_FIELDS: RecurringPaymentField[] = /* @__PURE__ */ recurringPaymentFields.filter((field) => SCHEDULE_WIRES.has(field.wire));

/**
 * Reads the schedule of a wire-named recurring payment (`period`, `interval`, `start-date`,
 * `amount-sequence`, ...; other fields are ignored) and checks it by the spec's rules. Empty
 * values count as absent, as in a CSV row.
 *
 * @throws {GatewayValidationError} naming each schedule field that breaks a rule (no period, two amount modes, ...).
 * @example
 * ```ts
 * const rules = readScheduleRules({ amount: '10.00', period: 'month', interval: '1', 'start-date': '31.01.2030', type: 'auto' });
 * rules.period; // 'month'
 * ```
 */
export function readScheduleRules(row: Readonly<Record<string, string | undefined>>): ScheduleRules {
  const issues = new IssueList();
  const given: Record<string, string> = {};
  for (const wire of SCHEDULE_WIRES) {
    const value = row[wire];
    if (typeof value === 'string' && value !== '') given[wire] = value;
  }
  checkScheduleRow(given, issues);
  if (issues.issues.length > 0) throw new GatewayValidationError(issues.issues);
  return rulesFromCheckedRow(given);
}

/** Adds the issues of a wire row's schedule fields to `issues` (the rows of the field table and rules 1-6). */
export function checkScheduleRow(row: Readonly<Record<string, string>>, issues: IssueList): void {
  for (const issue of recurringPaymentRowIssues(row)) if (SCHEDULE_WIRES.has(issue.field)) issues.issues.push(issue);
  if (row.period === undefined && !issues.has('period')) {
    issues.add({ wire: 'period', property: 'period' }, 'period-interval', 'a schedule needs period and interval (rule 4)', 4);
  }
}

/** Reads a row that {@link checkScheduleRow} found no issue in. */
export function rulesFromCheckedRow(row: Readonly<Record<string, string>>): ScheduleRules {
  const day = (text: string | undefined) => (text === undefined ? undefined : toEpochDay(parseCalendarDate(text) as CalendarDate));
  let amount: AmountRule;
  if (row.amount !== undefined) amount = { mode: 'fixed', amount: row.amount };
  else if (row['amount-sequence'] !== undefined) amount = { mode: 'sequence', amounts: row['amount-sequence'].split(',') };
  else amount = { mode: 'random', from: row['amount-from'] as string, to: row['amount-to'] as string };
  return {
    startDay: day(row['start-date']),
    finishDay: day(row['finish-date']),
    maxRepeatsNumber: row['max-repeats-number'] === undefined ? undefined : Number(row['max-repeats-number']),
    currentRepeatsNumber: row['current-repeats-number'] === undefined ? 0 : Number(row['current-repeats-number']),
    period: row.period as Period,
    interval: Number(row.interval),
    auto: row.type?.toLowerCase() === 'auto',
    amount,
  };
}
