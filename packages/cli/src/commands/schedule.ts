import { describeIssue, GatewayValidationError, type ValidationIssue } from '@paysign/protocol';
import { isPastMaxRepeats, previewSchedule, type ScheduleInput, type ScheduledCharge } from '@paysign/protocol/schedule';
import { fromWireRow } from '@paysign/protocol/wire';
import { parseCommandArgs, required } from '../cli/args.js';
import { didYouMeanOneOf, suggestion } from '../cli/did-you-mean.js';
import { readDateFlag } from '../cli/flag-values.js';
import type { Output } from '../cli/output.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readJsonFile } from './read-file.js';

const usage = `paysign schedule --file PAYMENT.json [--count N] [--today DD.MM.YYYY] [--json]

Lists the charges a recurring payment will make (date, repeat index, amount, currency), by the
spec's rules: period day / week (7 days) / month (same day of the month), interval,
amount-sequence from current-repeats-number, finish-date and max-repeats-number (the last
charge's index: max-repeats-number N makes the charges 0 to N). When fewer charges than --count
are listed, it says which of finish-date and max-repeats-number ends them.
PAYMENT.json holds one recurring payment, with camelCase names (amount, period, interval,
startDate, ...) or the wire names of the CSV columns (amount, period, start-date, ...), or the
file "paysign send update-recurring-payments" reads (a list, or {"payments": [...]}): each
payment's charges are listed in turn.

Options:
  --file FILE          the recurring payment (- reads standard input)
  --count N            charges to list at most (default 12)
  --today DD.MM.YYYY   the current date (default: today, UTC)
  --json               print {"currency", "charges": [{"index", "date", "amount"}]} (amount: a
                       string, or {"from", "to"} for a random amount; currency null when unknown);
                       for a list of payments, a list of those`;

/** The payments of a file: one object, a list, or {"payments": [...]}, as send reads them. */
export function readPaymentList(value: unknown, flag: string): { payment: Record<string, unknown>; wireNamed: boolean }[] {
  const wrapped = (value as { payments?: unknown } | null)?.payments;
  const list = Array.isArray(value) ? value : Array.isArray(wrapped) ? wrapped : [value];
  if (list.length === 0) throw new UsageError(`${flag}: the list holds no payment`);
  return list.map((item, index) => {
    const where = list.length === 1 && !Array.isArray(value) && !Array.isArray(wrapped) ? flag : `${flag}: payment ${index + 1}`;
    const wireNamed = isWireNamed(item);
    return { payment: readPaymentObject(item, where), wireNamed };
  });
}

function isWireNamed(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).some((key) => key.includes('-') || key.includes('_'));
}

/**
 * Why a schedule lists fewer charges than asked, naming the field as the file spells it
 * (max-repeats-number or maxRepeatsNumber): \`undefined\` when it lists as many.
 */
export function whyFewer(payment: Record<string, unknown>, charges: readonly ScheduledCharge[], count: number, wireNamed: boolean): string | undefined {
  if (charges.length >= count) return undefined;
  const name = (camel: string, wire: string) => (wireNamed ? wire : camel);
  const max = payment.maxRepeatsNumber;
  const last = charges.at(-1);
  const listed = `${charges.length} of --count ${count} charges listed`;
  // The counter of the charge after the last one listed; past max-repeats-number (the last
  // charge's index, the spec's line 52), it is what ends the list.
  const next = last === undefined ? Number(payment.currentRepeatsNumber ?? 0) : last.index + 1;
  if (max !== undefined && max !== null && isPastMaxRepeats({ maxRepeatsNumber: Number(max) }, next)) {
    return `${listed}: ${name('maxRepeatsNumber', 'max-repeats-number')} ${String(max)} is reached (the last charge's index: indexes run from 0 to ${Number(max)})`;
  }
  if (payment.finishDate !== undefined) return `${listed}: the next charge would fall after ${name('finishDate', 'finish-date')} ${String(payment.finishDate)}`;
  return `${listed}: the payment makes no more charges`;
}

/** Reads a payment given with camelCase names or with the CSV's wire names. */
export function readPaymentObject(value: unknown, flag: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${flag}: expected one JSON object`);
  const record = value as Record<string, unknown>;
  const wireNamed = Object.keys(record).some((key) => key.includes('-') || key.includes('_'));
  if (!wireNamed) return record;
  const row: Record<string, string> = {};
  for (const [key, field] of Object.entries(record)) row[key] = typeof field === 'string' ? field : String(field);
  return fromWireRow(row) as Record<string, unknown>;
}

/** Prints charges as a table, then the currency, or a note when it is not in the file. */
export function printSchedule(io: Output, charges: readonly ScheduledCharge[], currency?: string): void {
  const suffix = currency ? ` ${currency}` : '';
  io.out(io.bold(`${'#'.padStart(3)}  ${'date'.padEnd(10)}  amount`));
  for (const charge of charges) {
    const amount = typeof charge.amount === 'string' ? charge.amount : `random ${charge.amount.from} to ${charge.amount.to}`;
    io.out(`${String(charge.index).padStart(3)}  ${charge.date}  ${amount}${suffix}`);
  }
  if (charges.length === 0) io.out(io.dim('  no charges: the payment has stopped (finish-date or max-repeats-number reached)'));
  if (!currency) io.out(io.dim('  currency: not in the file (amounts are in the currency of the project)'));
}

/**
 * Turns a validation error into the refusal the CLI prints with exit code 1: one line per issue,
 * `payments[0] clientOrderId: is required`, the payment as the file's list holds it and the field
 * as `nameOf` says the file spells it (default: the wire name). With `spellings` (each field's
 * names as the command reads them), a field that is not one gets the nearest as a "did you mean".
 */
export function refusalFrom(
  error: GatewayValidationError,
  nameOf: (issue: ValidationIssue) => string = (issue) => issue.field,
  spellings: readonly (readonly string[])[] = [],
): RefusalError {
  const hint = (issue: ValidationIssue) => (issue.rule === 'unknown-field' && spellings.length > 0 ? suggestion(didYouMeanOneOf(issue.field, spellings)) : '');
  const line = (issue: ValidationIssue) => `${issue.row === undefined ? '' : `payments[${issue.row}] `}${describeIssue(issue, nameOf(issue))}${hint(issue)}`;
  return new RefusalError(['refused by validation:', ...error.issues.map((issue) => `  - ${line(issue)}`)].join('\n'));
}

export const scheduleCommand: Command = {
  name: 'schedule',
  summary: 'preview the charges of a recurring payment',
  usage,
  async run(args, { io }) {
    const { values } = parseCommandArgs(args, { file: { type: 'string' }, count: { type: 'string' }, today: { type: 'string' }, json: { type: 'boolean' } });
    if (values.help) return (io.out(usage), 0);
    if (values.today !== undefined) readDateFlag(values.today, '--today');
    const value = await readJsonFile(required(values, 'file'), '--file');
    const payments = readPaymentList(value, '--file');
    const count = values.count === undefined ? 12 : Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new UsageError('--count must be a whole number from 1 to 10000');
    try {
      const reports = payments.map(({ payment, wireNamed }) => {
        const charges = previewSchedule(payment as ScheduleInput, { count, ...(values.today !== undefined && { today: values.today }) });
        const currency = typeof payment.currency === 'string' ? payment.currency : undefined;
        return { payment, charges, currency, fewer: whyFewer(payment, charges, count, wireNamed) };
      });
      const json = reports.map(({ currency, charges }) => ({
        currency: currency ?? null,
        charges: charges.map(({ index, date, amount }) => ({ index, date, amount })),
      }));
      if (values.json) io.out(JSON.stringify(Array.isArray(value) || payments.length > 1 ? json : json[0], null, 2));
      else
        reports.forEach(({ payment, charges, currency, fewer }, index) => {
          if (reports.length > 1) {
            const id = typeof payment.recurringPaymentId === 'string' ? ` (${payment.recurringPaymentId})` : '';
            io.out(`${index > 0 ? '\n' : ''}payment ${index + 1} of ${reports.length}${id}`);
          }
          printSchedule(io, charges, currency);
          if (fewer !== undefined && charges.length > 0) io.out(io.dim(`  ${fewer}`));
        });
      return 0;
    } catch (error) {
      if (error instanceof GatewayValidationError) throw refusalFrom(error);
      throw error;
    }
  },
};
