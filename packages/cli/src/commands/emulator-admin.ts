import { escapeLogValue } from '@paysign/emulator';
import { parseCommandArgs } from '../cli/args.js';
import type { Environment } from '../cli/environment.js';
import { readWholeNumberFlag } from '../cli/flag-values.js';
import type { Output } from '../cli/output.js';
import { UsageError } from '../cli/usage-error.js';
import { findEmulatorUrl } from './emulator-discovery.js';

// `paysign emulator clock|payments|trigger|stop|resend`: each a wrapper of one admin API route of
// a running emulator, its answer printed as a line (or as the API's JSON with --json).

const ADMIN_COMMANDS = ['clock', 'payments', 'trigger', 'stop', 'resend'] as const;
type AdminCommand = (typeof ADMIN_COMMANDS)[number];

/** Whether `name` is one of the subcommands that talk to a running emulator. */
export const isAdminCommand = (name: string | undefined): name is AdminCommand => (ADMIN_COMMANDS as readonly (string | undefined)[]).includes(name);

const OUTCOMES = ['approved', 'declined', 'filtered', 'error'];

interface Values {
  url?: string | undefined;
  advance?: string | undefined;
  order?: string | undefined;
  outcome?: string | undefined;
  json?: boolean | undefined;
}

/** One admin call: where it goes, and how its answer is printed. */
interface AdminCall {
  path: string;
  body?: unknown;
  method?: 'POST';
  print(answer: unknown, io: Output): void;
}

/** Calls the admin API of a running emulator; a refusal becomes a usage error naming the API's reason. */
async function admin(base: string, call: AdminCall): Promise<unknown> {
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    throw new UsageError("--url must be the emulator's URL, such as http://127.0.0.1:8080");
  }
  let response: Response;
  try {
    response = await fetch(`${origin}${call.path}`, {
      ...(call.method !== undefined && { method: call.method }),
      ...(call.body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(call.body) }),
    });
  } catch {
    throw new UsageError(`no emulator answers at ${origin}: start one with "paysign emulator --clock virtual ..."`);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok) throw new UsageError(`the emulator refused (${response.status}): ${escapeLogValue(String(body.error ?? 'no reason given'))}`);
  return body;
}

interface OrderAnswer {
  orderid: string;
  operation: string;
  status: string;
  merchantOrderId: string;
  recurringPaymentId?: string;
  callbacks: unknown[];
  callbackProblem?: string;
}

const printOrder = (answer: unknown, io: Output): void => {
  const order = answer as OrderAnswer;
  const of = order.recurringPaymentId === undefined ? '' : ` of ${escapeLogValue(order.recurringPaymentId)}`;
  const callback = order.callbackProblem === undefined ? 'callback sent' : `callback ${escapeLogValue(order.callbackProblem)}`;
  io.out(
    `order ${escapeLogValue(order.orderid)} (${order.operation}${of}, merchant order ${escapeLogValue(order.merchantOrderId) || '-'}): ${order.status}, ${callback}`,
  );
};

function triggerCall(values: Values): AdminCall {
  if (values.order === undefined || values.order === '') throw new UsageError("trigger needs --order ORDERID (the gateway's order id, paynet-order-id)");
  if (values.outcome === undefined || !OUTCOMES.includes(values.outcome)) throw new UsageError(`trigger needs --outcome ${OUTCOMES.join('|')}`);
  return { path: `/emulator/orders/${encodeURIComponent(values.order)}/outcome`, method: 'POST', body: { outcome: values.outcome }, print: printOrder };
}

function clockCall(values: Values): AdminCall {
  if (values.advance === undefined) throw new UsageError('clock needs --advance N (days)');
  const advanceDays = readWholeNumberFlag(values.advance, '--advance', 0);
  return {
    path: '/emulator/clock',
    method: 'POST',
    body: { advanceDays },
    print(answer, io) {
      const { today, charges } = answer as { today: string; charges: { recurringPaymentId: string; date: string; amount: string; status: string }[] };
      io.out(`today ${today}, ${charges.length} ${charges.length === 1 ? 'charge' : 'charges'}`);
      for (const charge of charges)
        io.out(`  ${charge.date}  ${escapeLogValue(charge.recurringPaymentId)}  ${escapeLogValue(charge.amount)}  ${charge.status}`);
    },
  };
}

interface ListedPayment {
  id: string;
  state: string;
  currentRepeatsNumber: number;
  nextChargeDate: string | null;
  merchant: { login: string; endpointId: string } | null;
}

const paymentsCall: AdminCall = {
  path: '/emulator/recurring-payments',
  print(answer, io) {
    const { recurringPayments } = answer as { recurringPayments: ListedPayment[] };
    if (recurringPayments.length === 0) return io.out('no recurring payments');
    for (const payment of recurringPayments) {
      const owner = payment.merchant === null ? '-' : `${payment.merchant.login}/${payment.merchant.endpointId}`;
      io.out(
        `${escapeLogValue(payment.id)}  ${payment.state}  repeats ${payment.currentRepeatsNumber}  next ${payment.nextChargeDate ?? '-'}  merchant ${escapeLogValue(owner)}`,
      );
    }
  },
};

function stopCall(positionals: string[]): AdminCall {
  const [id, ...more] = positionals;
  if (id === undefined || id === '' || more.length > 0) throw new UsageError('stop needs one RECURRING-PAYMENT-ID');
  return {
    path: `/emulator/recurring-payments/${encodeURIComponent(id)}/stop`,
    method: 'POST',
    print(answer, io) {
      const life = answer as { id: string; state: string; stoppedOn?: string; currentRepeatsNumber: number };
      io.out(`${escapeLogValue(life.id)}: ${life.state} from ${life.stoppedOn ?? '-'}, repeats ${life.currentRepeatsNumber}, nothing more charged`);
    },
  };
}

function resendCall(positionals: string[]): AdminCall {
  if (positionals.length === 0 || positionals.length > 2 || positionals.some((value) => value === ''))
    throw new UsageError('resend needs ORDERID, or RECURRING-PAYMENT-ID ORDERID');
  const [first, second] = positionals as [string, string | undefined];
  if (second === undefined) return { path: `/emulator/orders/${encodeURIComponent(first)}/resend`, method: 'POST', print: printOrder };
  return {
    path: `/emulator/recurring-payments/${encodeURIComponent(first)}/callbacks/${encodeURIComponent(second)}/resend`,
    method: 'POST',
    print(_answer, io) {
      io.out(`order ${escapeLogValue(second)} of ${escapeLogValue(first)}: callback sent again`);
    },
  };
}

function callOf(sub: AdminCommand, values: Values, positionals: string[]): AdminCall {
  const misplaced = [
    sub !== 'trigger' && (values.order !== undefined || values.outcome !== undefined) ? '--order and --outcome belong to "paysign emulator trigger"' : '',
    sub !== 'clock' && values.advance !== undefined ? '--advance belongs to "paysign emulator clock"' : '',
    sub !== 'stop' && sub !== 'resend' && positionals.length > 0 ? `${sub} takes no argument besides its flags` : '',
  ].find((message) => message !== '');
  if (misplaced !== undefined) throw new UsageError(misplaced);
  if (sub === 'trigger') return triggerCall(values);
  if (sub === 'clock') return clockCall(values);
  if (sub === 'stop') return stopCall(positionals);
  if (sub === 'resend') return resendCall(positionals);
  return paymentsCall;
}

/**
 * Runs one of `paysign emulator clock|payments|trigger|stop|resend` against a running emulator.
 *
 * @example
 * ```ts
 * if (isAdminCommand(args[0])) return runAdminCommand(args[0], args.slice(1), { io, env, usage });
 * ```
 */
export async function runAdminCommand(sub: AdminCommand, args: string[], context: { io: Output; env: Environment; usage: string }): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { url: { type: 'string' }, advance: { type: 'string' }, order: { type: 'string' }, outcome: { type: 'string' }, json: { type: 'boolean' } },
    true,
  );
  if (values.help) return (context.io.out(context.usage), 0);
  const call = callOf(sub, values, positionals);
  const answer = await admin(await findEmulatorUrl(values.url, context.env), call);
  if (values.json) context.io.out(JSON.stringify(answer, null, 2));
  else call.print(answer, context.io);
  return 0;
}
