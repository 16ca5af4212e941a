import { escapeLogValue, lineLog, type MerchantAccount } from '@paysign/emulator';
import { loadProfilesFile, openStateDirectory, serve } from '@paysign/emulator/node';
import { randomBytes } from 'node:crypto';
import { parseCommandArgs } from '../cli/args.js';
import { readDateFlag, readWholeNumberFlag } from '../cli/flag-values.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readControlKey } from './control-key.js';
import { isAdminCommand, runAdminCommand } from './emulator-admin.js';
import { createLogWriter } from './emulator-log.js';
import { announceEmulator } from './emulator-discovery.js';
import { readFlagFile, readJsonFile } from './read-file.js';

const usage = `paysign emulator [--login L] [--public-key FILE]... [options]
paysign emulator clock --advance N [--url URL] [--json]
paysign emulator payments [--url URL] [--json]
paysign emulator trigger --order ORDERID --outcome approved|declined|filtered|error [--url URL] [--json]
paysign emulator stop RECURRING-PAYMENT-ID [--url URL] [--json]
paysign emulator resend ORDERID | RECURRING-PAYMENT-ID ORDERID [--url URL] [--json]

Serves the gateway emulator. With no flags it serves a demo merchant (login "demo", endpoint 1,
a new control key) on a free port. On stdout, one per line:

  listening on http://HOST:PORT
  login: L
  control key: K          (shown only when the emulator made it; else where it came from)
  console: http://HOST:PORT/
  debugger: http://HOST:PORT/debugger

The console shows recurring payments, callbacks, the request log with why each refused request
was refused, and the clock; the debugger checks a signature. Why requests are refused goes to
stderr. Transfers and pan-eligibility checks answer "processing" and reach their final status
after --outcome-delay-ms (approved, unless a test card or a trigger says otherwise; see the
README's "Test cards"), then call back --callback-url. Stop it with Ctrl-C.

Options:
  --login L            merchant login (oauth_consumer_key; default demo)
  --control-key-file FILE  read the HMAC-SHA1 control key from FILE (first line)
                       default: PAYSIGN_CONTROL_KEY, else a new key when no --public-key is given
  --control-key K      the control key itself: visible to other users of this machine (ps)
  --callback-url URL   where transfers' and pan-eligibility checks' callbacks go (http or https;
                       or PAYSIGN_CALLBACK_URL)
  --merchants FILE     several merchants instead of --login and its keys: a JSON array of
                       {"login", "controlKey"?, "publicKeys"? (PEM texts), "endpointIds",
                       "currency"?, "callbackUrl"?} (keep the file 0600: it holds keys)
  --outcome-delay-ms N how long such an order stays processing (default 1000)
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
  --state DIR          keep payments, charges, callbacks, orders, the clock and used nonces in
                       DIR across restarts (created if missing); a DIR that is unreadable, damaged,
                       foreign or of another version is refused (exit 2) and left as it is.
                       --profiles, --today and --seed only start a new state

Against a running emulator (its admin API answers loopback callers only):
  clock --advance N    move the virtual clock N days on and run the charges that fall due
  payments             list the recurring payments: id, state, repeats, next charge, merchant
  trigger              give the order ORDERID (the gateway's order id, paynet-order-id; a
                       recurring charge's too) its final status now, with a new callback,
                       even when it already had one
  stop ID              stop the recurring payment ID by hand from today: it reads stop and
                       nothing more is charged (a first charge still ahead included) until an
                       update reschedules it
  resend ORDERID       send the callback of the order ORDERID again with its final status, as a
                       new delivery (a transfer's, a pan-eligibility check's, a recurring charge's);
                       resend ID ORDERID: the charge ORDERID of the recurring payment ID
  --url URL            the emulator's URL, as "listening on" printed (or PAYSIGN_EMULATOR_URL);
                       default: the emulator "paysign emulator" started on this machine, if
                       exactly one runs
  --json               print the admin API's JSON answer`;

/** `--merchants FILE`: a JSON array of merchant accounts (checked in full by the emulator, which names the field). */
async function readMerchantsFile(path: string): Promise<MerchantAccount[]> {
  const parsed = await readJsonFile(path, '--merchants');
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))) {
    throw new UsageError('--merchants: the file must hold a JSON array of merchant objects ({"login", "controlKey", "endpointIds", ...})');
  }
  return parsed as MerchantAccount[];
}

/** A whole-number flag of at least `min`, or `undefined` when it is not given. */
const positive = (value: string | undefined, flag: string, min = 1): number | undefined =>
  value === undefined ? undefined : readWholeNumberFlag(value, `--${flag}`, min);

export const emulatorCommand: Command = {
  name: 'emulator',
  summary: 'serve the gateway emulator on a local port',
  usage,
  async run(args, { io, env, stopSignal }) {
    if (isAdminCommand(args[0])) return runAdminCommand(args[0], args.slice(1), { io, env, usage });
    const { values } = parseCommandArgs(args, {
      login: { type: 'string' },
      'control-key': { type: 'string' },
      'control-key-file': { type: 'string' },
      'callback-url': { type: 'string' },
      merchants: { type: 'string' },
      'outcome-delay-ms': { type: 'string' },
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
    const fromFile = values.merchants === undefined ? undefined : await readMerchantsFile(values.merchants);
    if (fromFile !== undefined) {
      const clashing = (['login', 'control-key', 'control-key-file', 'public-key', 'endpoint-id', 'currency', 'callback-url'] as const).filter(
        (name) => values[name] !== undefined,
      );
      if (clashing.length > 0)
        throw new UsageError(`--merchants replaces ${clashing.map((name) => `--${name}`).join(', ')}: set these per merchant in the file`);
    }
    const login = values.login ?? 'demo';
    if (login === '') throw new UsageError('--login must not be empty');
    const givenKey = fromFile === undefined ? await readControlKey(values, env, io) : undefined;
    const publicKeys = await Promise.all((values['public-key'] ?? []).map((file) => readFlagFile(file, '--public-key')));
    // Zero-config: no key given and no RSA key, a new control key for this run.
    const controlKey = fromFile !== undefined ? undefined : (givenKey ?? (publicKeys.length === 0 ? randomBytes(18).toString('base64url') : undefined));
    const keySource =
      fromFile !== undefined
        ? `from ${escapeLogValue(values.merchants as string)}`
        : controlKey === undefined
          ? 'none (RSA-SHA256 with --public-key)'
          : givenKey === undefined
            ? controlKey
            : values['control-key-file'] !== undefined
              ? `from ${escapeLogValue(values['control-key-file'])}`
              : values['control-key'] !== undefined
                ? 'from --control-key'
                : 'from PAYSIGN_CONTROL_KEY';
    const callbackUrl = values['callback-url'] ?? (env.PAYSIGN_CALLBACK_URL || undefined);
    if (callbackUrl !== undefined && !/^https?:\/\//i.test(callbackUrl))
      throw new UsageError('--callback-url must be an http: or https: URL, such as http://127.0.0.1:3000/callbacks');
    const outcomeDelayMs = positive(values['outcome-delay-ms'], 'outcome-delay-ms', 0);
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
      ...(callbackUrl !== undefined && { callbackUrl }),
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
    // Why requests are refused, one line each on stderr, written without blocking the event loop.
    const logWriter = createLogWriter();
    let server: Awaited<ReturnType<typeof serve>>;
    try {
      server = await serve({
        host: values.host ?? '127.0.0.1',
        port,
        merchants: fromFile ?? [account],
        ...(values.profiles !== undefined && { profiles: await loadProfilesFile(values.profiles) }),
        ...(values.prefix !== undefined && { pathPrefix: values.prefix }),
        clock,
        ...(values.today !== undefined && { today: values.today }),
        ...(values['decline-card'] !== undefined && { declineCards: values['decline-card'] }),
        ...(seed !== undefined && { seed }),
        ...(callbackAttempts !== undefined && { callbackAttempts }),
        ...(callbackBackoffMs !== undefined && { callbackBackoffMs }),
        ...(maxCallbacksInFlight !== undefined && { maxCallbacksInFlight }),
        ...(outcomeDelayMs !== undefined && { outcomeDelayMs }),
        log: lineLog((line) => logWriter.line(line)),
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
    // Announced before the URL is printed: whoever reads the URL can find the emulator too.
    const unannounce = await announceEmulator(server.url, env);
    io.out(`listening on ${server.url}`);
    const logins = fromFile === undefined ? [login] : fromFile.map((merchant) => merchant.login);
    io.out(`login: ${logins.map(escapeLogValue).join(', ')}`);
    io.out(`control key: ${keySource}`);
    io.out(`console: ${server.url}/`);
    io.out(`debugger: ${server.url}/debugger`);
    for (const merchant of fromFile ?? [account]) {
      io.err(
        io.dim(
          `merchant ${escapeLogValue(merchant.login)}, endpoint ${merchant.endpointIds.map(escapeLogValue).join(', ')}: POST ${server.url}${server.emulator.pathPrefix}/api/...`,
        ),
      );
    }
    if ((fromFile ?? [account]).every((merchant) => merchant.callbackUrl === undefined)) {
      io.err(io.dim('transfers and pan-eligibility checks are not called back: give --callback-url URL'));
    }
    if (state !== undefined) io.err(io.dim(`state: ${state.restored ? 'restored' : 'new'} in ${JSON.stringify(state.path)}`));
    if (clock === 'virtual') io.err(io.dim(`virtual clock: POST ${server.url}/emulator/clock {"advanceDays": N} (loopback callers only)`));
    await stopSignal;
    await unannounce?.();
    await server.emulator.persist();
    await server.close();
    await state?.close();
    await logWriter.flush();
    return 0;
  },
};
