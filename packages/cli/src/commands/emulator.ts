import { escapeLogValue, lineLog, type MerchantAccount } from '@paysign/emulator';
import { loadProfilesFile, openStateDirectory, serve } from '@paysign/emulator/node';
import { fromFlagOrEnv, parseCommandArgs, required } from '../cli/args.js';
import { readDateFlag, readWholeNumberFlag } from '../cli/flag-values.js';
import { UsageError } from '../cli/usage-error.js';
import type { Environment } from '../cli/environment.js';
import type { Output } from '../cli/output.js';
import type { Command } from './command.js';
import { readFlagFile } from './read-file.js';

const usage = `paysign emulator --login L (--control-key K | --public-key FILE)... [options]
paysign emulator clock --advance N [--url URL] [--json]
paysign emulator payments [--url URL] [--json]

Serves the gateway emulator. The console (recurring payments, callbacks, the request log with
why each refused request was refused, the clock) is at its URL, http://HOST:PORT/, and the
signature debugger at /debugger. The first line on stdout is "listening on http://HOST:PORT";
why requests are refused goes to stderr. Stop it with Ctrl-C.

Options:
  --login L            merchant login (oauth_consumer_key)
  --control-key K      HMAC-SHA1 control key (or PAYSIGN_CONTROL_KEY)
  --public-key FILE    RSA public key PEM (SPKI or PKCS#1); repeat for several
  --endpoint-id ID     endpoint id assigned to the merchant; repeat for several (default 1)
  --currency CUR       project currency, e.g. EUR (optional)
  --profiles FILE      recurring payments JSON to load
  --host H             interface (default 127.0.0.1)
  --port N             port (default 0: a free one)
  --prefix P           path prefix (default /payment)
  --clock C            system (default: days pass for real) or virtual (days pass only
                       through POST /emulator/clock, an admin API for loopback callers)
  --today DD.MM.YYYY   the virtual clock's first day (default: today)
  --decline-card PAN   charges of this card number are declined; repeat for several
  --seed N             seed of the random amounts (amount-from/amount-to)
  --callback-attempts N    attempts per callback (default 30)
  --callback-backoff-ms N  delay before the first callback retry, doubled after (default 60000)
  --max-callbacks-in-flight N  most callback attempts open at once, the rest wait (default 8)
  --state DIR          keep payments, charges, callbacks, the clock and used nonces in DIR
                       across restarts (created if missing); a DIR that is unreadable, damaged,
                       foreign or of another version is refused (exit 2) and left as it is.
                       --profiles, --today and --seed only start a new state

Against a running emulator (its admin API answers loopback callers only):
  clock --advance N    move the virtual clock N days on and run the charges that fall due
  payments             list the recurring payments: id, state, repeats, next charge, merchant
  --url URL            the emulator's URL, as "listening on" printed (or PAYSIGN_EMULATOR_URL)
  --json               print the admin API's JSON answer`;

/** A whole-number flag of at least `min`, or `undefined` when it is not given. */
const positive = (value: string | undefined, flag: string, min = 1): number | undefined =>
  value === undefined ? undefined : readWholeNumberFlag(value, `--${flag}`, min);

/** Calls the admin API of a running emulator; a refusal becomes a usage error naming the API's reason. */
async function admin(base: string, path: string, init?: RequestInit): Promise<unknown> {
  let origin: string;
  try {
    origin = new URL(base).origin;
  } catch {
    throw new UsageError("--url must be the emulator's URL, such as http://127.0.0.1:8080");
  }
  let response: Response;
  try {
    response = await fetch(`${origin}${path}`, init);
  } catch {
    throw new UsageError(`no emulator answers at ${origin}: start one with "paysign emulator --clock virtual ..."`);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (!response.ok) throw new UsageError(`the emulator refused (${response.status}): ${escapeLogValue(String(body.error ?? 'no reason given'))}`);
  return body;
}

interface ListedPayment {
  id: string;
  state: string;
  currentRepeatsNumber: number;
  nextChargeDate: string | null;
  merchant: { login: string; endpointId: string } | null;
}

/** `paysign emulator clock|payments`: wrappers of the admin API of a running emulator. */
async function runAdminCommand(sub: 'clock' | 'payments', args: string[], io: Output, env: Environment): Promise<number> {
  const { values } = parseCommandArgs(args, { url: { type: 'string' }, advance: { type: 'string' }, json: { type: 'boolean' } });
  if (values.help) return (io.out(usage), 0);
  const base = values.url ?? env.PAYSIGN_EMULATOR_URL;
  if (base === undefined || base === '') throw new UsageError('give --url URL (the "listening on" URL of the emulator) or set PAYSIGN_EMULATOR_URL');
  if (sub === 'clock') {
    if (values.advance === undefined) throw new UsageError('clock needs --advance N (days)');
    const advanceDays = readWholeNumberFlag(values.advance, '--advance', 0);
    const answer = (await admin(base, '/emulator/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceDays }),
    })) as { today: string; charges: { recurringPaymentId: string; date: string; amount: string; status: string }[] };
    if (values.json) return (io.out(JSON.stringify(answer, null, 2)), 0);
    io.out(`today ${answer.today}, ${answer.charges.length} ${answer.charges.length === 1 ? 'charge' : 'charges'}`);
    for (const charge of answer.charges) {
      io.out(`  ${charge.date}  ${escapeLogValue(charge.recurringPaymentId)}  ${escapeLogValue(charge.amount)}  ${charge.status}`);
    }
    return 0;
  }
  if (values.advance !== undefined) throw new UsageError('--advance belongs to "paysign emulator clock"');
  const answer = (await admin(base, '/emulator/recurring-payments')) as { recurringPayments: ListedPayment[] };
  if (values.json) return (io.out(JSON.stringify(answer, null, 2)), 0);
  if (answer.recurringPayments.length === 0) return (io.out('no recurring payments'), 0);
  for (const payment of answer.recurringPayments) {
    const owner = payment.merchant === null ? '-' : `${payment.merchant.login}/${payment.merchant.endpointId}`;
    io.out(
      `${escapeLogValue(payment.id)}  ${payment.state}  repeats ${payment.currentRepeatsNumber}  next ${payment.nextChargeDate ?? '-'}  merchant ${escapeLogValue(owner)}`,
    );
  }
  return 0;
}

export const emulatorCommand: Command = {
  name: 'emulator',
  summary: 'serve the gateway emulator on a local port',
  usage,
  async run(args, { io, env, stopSignal }) {
    if (args[0] === 'clock' || args[0] === 'payments') return runAdminCommand(args[0], args.slice(1), io, env);
    const { values } = parseCommandArgs(args, {
      login: { type: 'string' },
      'control-key': { type: 'string' },
      'public-key': { type: 'string', multiple: true },
      'endpoint-id': { type: 'string', multiple: true },
      currency: { type: 'string' },
      profiles: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      prefix: { type: 'string' },
      clock: { type: 'string' },
      today: { type: 'string' },
      'decline-card': { type: 'string', multiple: true },
      seed: { type: 'string' },
      'callback-attempts': { type: 'string' },
      'callback-backoff-ms': { type: 'string' },
      'max-callbacks-in-flight': { type: 'string' },
      state: { type: 'string' },
    });
    if (values.help) return (io.out(usage), 0);
    const login = required(values, 'login');
    const controlKey = fromFlagOrEnv(values, 'control-key', env, 'PAYSIGN_CONTROL_KEY');
    const publicKeys = await Promise.all((values['public-key'] ?? []).map((file) => readFlagFile(file, '--public-key')));
    if (controlKey === undefined && publicKeys.length === 0) throw new UsageError('give --control-key or at least one --public-key');
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError('--port must be an integer from 0 to 65535');
    const clock = values.clock ?? 'system';
    if (clock !== 'system' && clock !== 'virtual') throw new UsageError('--clock must be system or virtual');
    if (values.today !== undefined && clock !== 'virtual') throw new UsageError('--today needs --clock virtual');
    if (values.today !== undefined) readDateFlag(values.today, '--today');
    const seed = positive(values.seed, 'seed', 0);
    const callbackAttempts = positive(values['callback-attempts'], 'callback-attempts');
    const callbackBackoffMs = positive(values['callback-backoff-ms'], 'callback-backoff-ms');
    const maxCallbacksInFlight = positive(values['max-callbacks-in-flight'], 'max-callbacks-in-flight');
    const account: MerchantAccount = {
      login,
      endpointIds: values['endpoint-id'] ?? ['1'],
      ...(controlKey !== undefined && { controlKey }),
      ...(publicKeys.length > 0 && { publicKeys }),
      ...(values.currency !== undefined && { currency: values.currency }),
    };
    const state = values.state === undefined ? undefined : await openStateDirectory(values.state);
    if (state?.initial !== undefined) {
      const given = (['profiles', 'today', 'seed'] as const).filter((name) => values[name] !== undefined);
      if (given.length > 0) {
        await state.close();
        throw new UsageError(
          `${given.map((name) => `--${name}`).join(', ')}: only for a new state; the state in --state already has its own (it is left as it is)`,
        );
      }
    }
    let server: Awaited<ReturnType<typeof serve>>;
    try {
      server = await serve({
        host: values.host ?? '127.0.0.1',
        port,
        merchants: [account],
        ...(values.profiles !== undefined && { profiles: await loadProfilesFile(values.profiles) }),
        ...(values.prefix !== undefined && { pathPrefix: values.prefix }),
        clock,
        ...(values.today !== undefined && { today: values.today }),
        ...(values['decline-card'] !== undefined && { declineCards: values['decline-card'] }),
        ...(seed !== undefined && { seed }),
        ...(callbackAttempts !== undefined && { callbackAttempts }),
        ...(callbackBackoffMs !== undefined && { callbackBackoffMs }),
        ...(maxCallbacksInFlight !== undefined && { maxCallbacksInFlight }),
        log: lineLog((line) => io.err(line)),
        ...(state !== undefined && { state }),
      });
    } catch (error) {
      await state?.close();
      throw error;
    }
    try {
      // A new state is on disk, and a restored one checked, before anyone is told where to send requests.
      await server.emulator.persist();
    } catch (error) {
      await server.close();
      await state?.close();
      throw error;
    }
    io.out(`listening on ${server.url}`);
    io.err(io.dim(`merchant ${login}, endpoint ${account.endpointIds.join(', ')}: POST ${server.url}${server.emulator.pathPrefix}/api/...`));
    if (state !== undefined) io.err(io.dim(`state: ${state.restored ? 'restored' : 'new'} in ${JSON.stringify(state.path)}`));
    if (clock === 'virtual') io.err(io.dim(`virtual clock: POST ${server.url}/emulator/clock {"advanceDays": N} (loopback callers only)`));
    await stopSignal;
    await server.emulator.persist();
    await server.close();
    await state?.close();
    return 0;
  },
};
