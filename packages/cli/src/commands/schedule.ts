import { GatewayValidationError, previewSchedule, type ScheduleInput, type ScheduledCharge } from '@paysign/spec';
import { fromWireRow } from '@paysign/spec';
import { parseCommandArgs, required } from '../cli/args.js';
import { readDateFlag } from '../cli/flag-values.js';
import type { Output } from '../cli/output.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readJsonFile } from './read-file.js';

const usage = `paysign schedule --file PAYMENT.json [--count N] [--today DD.MM.YYYY] [--json]

Lists the charges a recurring payment will make (date, repeat index, amount), by the spec's
rules: period day / week (7 days) / month (same day of the month), interval, amount-sequence
from current-repeats-number, finish-date and max-repeats-number.
PAYMENT.json holds one recurring payment, with camelCase names (amount, period, interval,
startDate, ...) or the wire names of the CSV columns (amount, period, start-date, ...).

Options:
  --file FILE          the recurring payment (- reads standard input)
  --count N            charges to list at most (default 12)
  --today DD.MM.YYYY   the current date (default: today, UTC)
  --json               print {"currency", "charges": [{"index", "date", "amount"}]} (amount: a
                       string, or {"from", "to"} for a random amount; currency null when unknown)`;

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

/** Prints charges as a table. */
export function printSchedule(io: Output, charges: readonly ScheduledCharge[], currency?: string): void {
  const suffix = currency ? ` ${currency}` : '';
  io.out(io.bold(`${'#'.padStart(3)}  ${'date'.padEnd(10)}  amount`));
  for (const charge of charges) {
    const amount = typeof charge.amount === 'string' ? charge.amount : `random ${charge.amount.from} to ${charge.amount.to}`;
    io.out(`${String(charge.index).padStart(3)}  ${charge.date}  ${amount}${suffix}`);
  }
  if (charges.length === 0) io.out(io.dim('  no charges: the payment has stopped (finish-date or max-repeats-number reached)'));
}

/** Turns a validation error into the refusal the CLI prints with exit code 1. */
export function refusalFrom(error: GatewayValidationError): RefusalError {
  return new RefusalError(['refused by validation:', ...error.issues.map((issue) => `  - ${issue.message}`)].join('\n'));
}

export const scheduleCommand: Command = {
  name: 'schedule',
  summary: 'preview the charges of a recurring payment',
  usage,
  async run(args, { io }) {
    const { values } = parseCommandArgs(args, { file: { type: 'string' }, count: { type: 'string' }, today: { type: 'string' }, json: { type: 'boolean' } });
    if (values.help) return (io.out(usage), 0);
    if (values.today !== undefined) readDateFlag(values.today, '--today');
    const payment = readPaymentObject(await readJsonFile(required(values, 'file'), '--file'), '--file');
    const count = values.count === undefined ? 12 : Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new UsageError('--count must be a whole number from 1 to 10000');
    try {
      const charges = previewSchedule(payment as ScheduleInput, { count, ...(values.today !== undefined && { today: values.today }) });
      const currency = typeof payment.currency === 'string' ? payment.currency : undefined;
      if (values.json)
        io.out(JSON.stringify({ currency: currency ?? null, charges: charges.map(({ index, date, amount }) => ({ index, date, amount })) }, null, 2));
      else printSchedule(io, charges, currency);
      return 0;
    } catch (error) {
      if (error instanceof GatewayValidationError) throw refusalFrom(error);
      throw error;
    }
  },
};
