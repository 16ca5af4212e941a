// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { hasDateFormat, parseCalendarDate } from '../model/calendar-date.js';
import type { FieldSpec } from '../model/field-spec.js';
import { luhnValid } from '../redact/luhn.js';
import { isShowablePan, maskPan } from '../redact/mask-pan.js';
import { isDecimal } from '../model/decimal.js';
import { isIpAddress } from './ip-address.js';
import type { ValidationIssue, ValidationRule } from './issue.js';

const DIGITS = /^\d+$/;
const INTEGER = /^\d+$/;
const CVV = /^\d{3,4}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Collects issues for one field table; each names the wire field and the rule; the message says what is wrong, after the field. */
export class IssueList {
  readonly issues: ValidationIssue[] = [];

  add(field: Pick<FieldSpec, 'wire'> & { property?: string }, rule: ValidationRule, message: string, specRule?: number): void {
    const issue: ValidationIssue = { field: field.wire, rule, message };
    if (field.property !== undefined) issue.property = field.property;
    if (specRule !== undefined) issue.specRule = specRule;
    this.issues.push(issue);
  }

  has(wire: string): boolean {
    return this.issues.some((issue) => issue.field === wire);
  }
}

/** Whether a wire value counts as given: CSV cells and form values are empty when absent. */
export function isGiven(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * How the value is shown in a message: a valid-shaped card number as first 6 + last 4, anything
 * else not at all. A value that breaks the card-number rule (too long, a failed check digit,
 * not digits) may be a PAN with a CVV pasted after it, so none of its characters are shown.
 */
function shown(field: FieldSpec, value: string): string {
  return field.sensitive === 'card-number' && isShowablePan(value) ? ` (${maskPan(value)})` : '';
}

/** Checks one present value against its row of the field table: kind, length, calendar. */
export function checkField(field: FieldSpec, value: string, issues: IssueList): void {
  if (LONE_SURROGATE.test(value)) {
    issues.add(field, 'well-formed-text', 'holds a lone UTF-16 surrogate, which has no UTF-8 form');
    return;
  }
  const length = [...value].length;
  if (field.kind === 'decimal-list') {
    const amounts = value.split(',');
    amounts.forEach((amount, index) => {
      if (!isDecimal(amount)) issues.add(field, 'decimal', `amount ${index + 1} of the list is not a decimal such as 10 or 10.42`);
      else if (field.maxLength !== undefined && amount.length > field.maxLength) {
        issues.add(field, 'max-length', `amount ${index + 1} of the list is longer than ${field.maxLength} characters`);
      }
    });
    return;
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    issues.add(field, 'max-length', `is ${length} characters long, more than the ${field.maxLength} allowed${shown(field, value)}`);
  }
  if (field.minLength !== undefined && length < field.minLength) {
    issues.add(field, 'min-length', `is ${length} characters long, fewer than the ${field.minLength} required`);
  }
  switch (field.kind) {
    case 'digits':
      // A card verification value has its own shape; saying "digits only" as well would add nothing.
      if (field.sensitive === 'card-verification') {
        if (!CVV.test(value)) issues.add(field, 'cvv-format', 'must be 3 or 4 digits');
      } else if (!DIGITS.test(value)) issues.add(field, 'digits', `must hold digits 0-9 only${shown(field, value)}`);
      else if (field.sensitive === 'card-number' && !luhnValid(value)) {
        issues.add(field, 'luhn', `fails the Luhn check digit${shown(field, value)}`);
      }
      return;
    case 'decimal':
      if (!isDecimal(value)) issues.add(field, 'decimal', 'must be a decimal such as 10 or 10.42');
      return;
    case 'int':
      if (!INTEGER.test(value)) issues.add(field, 'integer', 'must be a whole number 0, 1, 2, ...');
      return;
    case 'date':
      if (!hasDateFormat(value)) issues.add(field, 'date-format', 'must be a date written DD.MM.YYYY');
      else if (parseCalendarDate(value) === undefined) issues.add(field, 'calendar-date', 'is not a date that exists on the calendar');
      return;
    case 'url':
      if (!isAbsoluteHttpUrl(value)) issues.add(field, 'url', 'must be an absolute http or https URL');
      return;
    case 'boolean':
      if (value !== 'true' && value !== 'false') issues.add(field, 'boolean', 'must be true or false');
      return;
    case 'ip':
      if (!isIpAddress(value)) issues.add(field, 'ip-address', 'must be an IPv4 address (192.0.2.1, no leading zeros) or an IPv6 address (2001:db8::1)');
      return;
    case 'string':
      return;
  }
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Shared checks of card-related fields: expiry month range, CVV shape, currency. */
export function checkExpireMonth(field: FieldSpec, value: string, issues: IssueList): void {
  if (DIGITS.test(value) && (Number(value) < 1 || Number(value) > 12)) issues.add(field, 'expire-month-range', 'must be a month 1-12');
}

export function checkCurrency(field: FieldSpec, value: string, projectCurrency: string | undefined, issues: IssueList): void {
  if (!/^[A-Z]{3}$/.test(value)) issues.add(field, 'currency-format', 'must be an ISO 4217 code of three capital letters');
  else if (projectCurrency !== undefined && value !== projectCurrency) {
    issues.add(field, 'currency-project', `must equal the project's currency ${projectCurrency} (rule 7), not ${value}`, 7);
  }
}
