// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { parseCalendarDate, toEpochDay } from '../model/calendar-date.js';
import type { FieldSpec } from '../model/field-spec.js';
import { NOTIFY_URL_CSV_ALIAS, recurringPaymentFields } from '../model/recurring-payment-fields.js';
import { compareDecimals } from '../model/decimal.js';
import { checkCurrency, checkExpireMonth, checkField, isGiven, IssueList } from './check-field.js';
import type { CheckOptions } from './check-options.js';
import type { ValidationIssue } from './issue.js';

const FIELD_BY_WIRE: ReadonlyMap<string, FieldSpec> = /* @__PURE__ */ new Map(/* @__PURE__ */ recurringPaymentFields.map((field) => [field.wire, field]));
const NOTIFY_ALIAS_FIELD: FieldSpec = { property: 'notifyUrl', wire: NOTIFY_URL_CSV_ALIAS, necessity: 'O', kind: 'url', maxLength: 1024 };
/** The `field` of an unknown column whose name is not shown. */
const UNNAMED_COLUMN = '(unknown column)';
// Letters, `-` and `_` only, at most 64: no digit, so never a card number or a CVV.
const LOOKS_LIKE_A_NAME = /^[A-Za-z_][A-Za-z_-]{0,63}$/;
const STATE_REQUIRED_COUNTRIES = new Set(['US', 'CA', 'AU']);
const PERIODS = new Set(['day', 'week', 'month']);

function spec(wire: string): FieldSpec {
  return FIELD_BY_WIRE.get(wire) as FieldSpec;
}

// The rules of one recurring payment given as a CSV row of update-recurring-payments: wire names
// as keys (`client-orderid`, `amount-from`, `notify_url` or `notify-url`, ...), string values, an
// empty cell meaning "not given". Checks every row of the spec's field table and every checkable
// rule (1, 2, 4, 5, 6, 7, 8, DST support, state for US/CA/AU, calendar dates, finish-date not
// before start-date, expire-month 1-12, card digits and Luhn) and returns all issues at once. The
// public entries are checkRecurringPaymentRows and checkOperation (check-operation.ts).
//
// A key that is not a column is an `unknown-field` issue. Its name is shown only when it is made
// of letters, `-` and `_` (so it cannot be a card number or CVV); otherwise the issue's field is
// `(unknown column)` and the message gives the column's position, since a header read from the
// first data row of a CSV would make card data a "name".
export function recurringPaymentRowIssues(row: Readonly<Record<string, string | undefined>>, options: CheckOptions = {}): ValidationIssue[] {
  const issues = new IssueList();
  const value = (wire: string): string | undefined => (isGiven(row[wire]) ? row[wire] : undefined);

  Object.keys(row).forEach((name, index) => {
    if (!FIELD_BY_WIRE.has(name) && name !== NOTIFY_URL_CSV_ALIAS && isGiven(row[name])) {
      // A name read from a CSV header may be a cell value (a card number, when the header row is
      // missing): it is shown only when it cannot be card data.
      if (LOOKS_LIKE_A_NAME.test(name)) issues.add({ wire: name }, 'unknown-field', 'is not a field of update-recurring-payments');
      else
        issues.add(
          { wire: UNNAMED_COLUMN },
          'unknown-field',
          `column ${index + 1} of the row is not a field of update-recurring-payments (its name is not shown: it may be card data from a missing CSV header row)`,
        );
    }
  });

  for (const field of recurringPaymentFields) {
    const given = value(field.wire);
    if (given === undefined) {
      if (field.necessity === 'R') issues.add(field, 'required', 'is required');
      continue;
    }
    checkField(field, given, issues);
  }
  const alias = value(NOTIFY_URL_CSV_ALIAS);
  if (alias !== undefined) checkField(NOTIFY_ALIAS_FIELD, alias, issues);

  const expireMonth = value('expire-month');
  if (expireMonth !== undefined) checkExpireMonth(spec('expire-month'), expireMonth, issues);
  const currency = value('currency');
  if (currency !== undefined) checkCurrency(spec('currency'), currency, options.projectCurrency, issues);

  checkAmountModes(value, issues);
  checkSchedule(value, issues);
  checkCallback(value, issues);
  checkTypeAndCountry(value, issues);
  return issues.issues;
}

// Rules 1 and 2: one amount mode; a random range is a pair, lowest first.
function checkAmountModes(value: (wire: string) => string | undefined, issues: IssueList): void {
  const from = value('amount-from');
  const to = value('amount-to');
  const modes = [value('amount') !== undefined, from !== undefined || to !== undefined, value('amount-sequence') !== undefined];
  const count = modes.filter(Boolean).length;
  if (count === 0) {
    issues.add(spec('amount'), 'amount-mode', 'one amount mode is required: amount, or amount-from with amount-to, or amount-sequence (rule 1)', 1);
  } else if (count > 1) {
    issues.add(spec('amount'), 'amount-mode', 'only one amount mode may be given: amount, or amount-from with amount-to, or amount-sequence (rule 1)', 1);
  }
  if (from !== undefined && to === undefined) issues.add(spec('amount-to'), 'amount-mode', 'is required with amount-from (rule 1)', 1);
  if (to !== undefined && from === undefined) issues.add(spec('amount-from'), 'amount-mode', 'is required with amount-to (rule 1)', 1);
  if (from !== undefined && to !== undefined && !issues.has('amount-from') && !issues.has('amount-to') && compareDecimals(from, to) > 0) {
    issues.add(spec('amount-from'), 'amount-range', 'must not be above amount-to: a random amount is drawn between the two (rule 2)', 2);
  }
}

// Rules 4-6 and the dates of the schedule.
function checkSchedule(value: (wire: string) => string | undefined, issues: IssueList): void {
  const period = value('period');
  const interval = value('interval');
  if (period !== undefined && interval === undefined)
    issues.add(spec('interval'), 'period-interval', 'is required with period: they are given together (rule 4)', 4);
  if (interval !== undefined && period === undefined)
    issues.add(spec('period'), 'period-interval', 'is required with interval: they are given together (rule 4)', 4);
  if (period !== undefined && !PERIODS.has(period)) issues.add(spec('period'), 'period-value', 'must be one of day, week, month (rule 5)', 5);
  if (interval !== undefined && /^\d+$/.test(interval) && BigInt(interval) < 1n) {
    issues.add(spec('interval'), 'interval-positive', 'must be 1 or more: it multiplies the period (rule 6)', 6);
  }
  const start = parseCalendarDate(value('start-date') ?? '');
  const finish = parseCalendarDate(value('finish-date') ?? '');
  if (start !== undefined && finish !== undefined && toEpochDay(finish) < toEpochDay(start)) {
    issues.add(spec('finish-date'), 'date-order', 'must not be before start-date');
  }
}

// Rule 8, and the CSV's second spelling of notify_url.
function checkCallback(value: (wire: string) => string | undefined, issues: IssueList): void {
  const notify = value('notify_url');
  const alias = value(NOTIFY_URL_CSV_ALIAS);
  if (notify !== undefined && alias !== undefined) {
    issues.add(NOTIFY_ALIAS_FIELD, 'callback-alias', 'names the same callback address as notify_url; give only one of the two spellings');
  }
  if ((notify !== undefined || alias !== undefined) && value('server_callback_url') !== undefined) {
    issues.add(spec('server_callback_url'), 'callback-exclusive', 'send either notify_url or server_callback_url, not both (rule 8)', 8);
  }
}

// "Not supported for DST", and "Required for USA, Canada and Australia" (for state, which DST
// refuses, so the requirement applies to the other types only).
function checkTypeAndCountry(value: (wire: string) => string | undefined, issues: IssueList): void {
  const isDst = value('type')?.toUpperCase() === 'DST';
  if (isDst) {
    for (const field of recurringPaymentFields) {
      if ('notForDst' in field && field.notForDst && value(field.wire) !== undefined) {
        issues.add(field, 'not-for-dst', 'is not supported for type DST');
      }
    }
    return;
  }
  const country = value('country')?.toUpperCase();
  if (country !== undefined && STATE_REQUIRED_COUNTRIES.has(country) && value('state') === undefined) {
    issues.add(spec('state'), 'state-required', `is required for country ${country} (USA, Canada and Australia)`);
  }
}
