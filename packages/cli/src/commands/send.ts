import { createPublicKey } from 'node:crypto';
import { lineLog } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { loadProfilesFile } from '@paysign/emulator/node';
import {
  createGatewayClient,
  GatewayAuthenticationError,
  type GatewayResult,
  type PanEligibilitySendRequest,
  type RecurringPaymentUpdate,
  type TransferRequest,
} from '@paysign/gateway';
import { GatewayError, GatewayValidationError } from '@paysign/spec';
import { toWireRow } from '@paysign/spec';
import { parseCommandArgs, required } from '../cli/args.js';
import { shellQuote } from '../cli/shell-quote.js';
import type { Output } from '../cli/output.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import { CONNECTION_FLAG_OPTIONS, readConnectionFlags, readPrivateKeyFile, requireSettings } from '../config/gateway-config.js';
import type { Command } from './command.js';
import { readJsonFile } from './read-file.js';
import { refusalFrom } from './schedule.js';

const OPERATIONS = ['update-recurring-payments', 'pan-eligibility', 'transfer'] as const;
type Operation = (typeof OPERATIONS)[number];

const usage = `paysign send <update-recurring-payments|pan-eligibility|transfer> --file REQUEST.json [options]

Validates the request (nothing is sent when a rule is broken), signs it (RSA-SHA256 with a
private key, else HMAC-SHA1) and sends it. REQUEST.json uses the camelCase names of
@paysign/gateway: an array of payments (or one) for update-recurring-payments,
{ clientOrderId, sendingCardRefId } for pan-eligibility, a TransferRequest for transfer.
A transfer is never retried automatically: it moves money.

Options (each falls back to its environment variable):
  --base-url URL         PAYSIGN_BASE_URL        the gateway's base URL
  --endpoint-id ID       PAYSIGN_ENDPOINT_ID
  --login L              PAYSIGN_LOGIN
  --control-key K        PAYSIGN_CONTROL_KEY     HMAC-SHA1
  --private-key FILE     PAYSIGN_PRIVATE_KEY_FILE RSA-SHA256
  --path-prefix P        PAYSIGN_PATH_PREFIX     default /payment
  --currency CUR         PAYSIGN_CURRENCY        project currency, checked before sending
  --emulator             start an in-process emulator and send there (no --base-url needed)
  --profiles FILE        with --emulator: recurring payments to load (default: the ones sent)
  --timeout MS           default 30000
  --json                 print the result as JSON
  --show-request         print the request as sent, on stderr, as a "paysign explain" command
                         (card data masked; add --control-key or --public-key to run it)

On a 403 (signature refused) it exits 1: run again with --show-request and run the printed
"paysign explain" command, or compare with "paysign sign" for the same parameters.
HMAC-SHA1 requests carry the OAuth parameters in the header and in the body, as the gateway's
example does (RFC 5849 section 3.5 allows one place only; this gateway accepts both).`;

function asList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  const wrapped = (value as { payments?: unknown } | null)?.payments;
  return Array.isArray(wrapped) ? (wrapped as T[]) : [value as T];
}

/** Prints a gateway result as `name value` lines. */
export function printResult(io: Output, result: GatewayResult): void {
  if (result.empty) {
    io.out(io.green(`HTTP ${result.httpStatus}: accepted (empty reply)`));
    return;
  }
  io.out(io.green(`${result.type ?? 'reply'}${result.status ? `: ${result.status}` : ''}`));
  const width = Math.max(...Object.keys(result.fields).map((name) => name.length));
  for (const [name, value] of Object.entries(result.fields)) io.out(`  ${name.padEnd(width)}  ${value}`);
}

export const sendCommand: Command = {
  name: 'send',
  summary: 'validate, sign and send a request (or to an in-process emulator)',
  usage,
  async run(args, { io, env }) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        file: { type: 'string' },
        ...CONNECTION_FLAG_OPTIONS,
        emulator: { type: 'boolean' },
        profiles: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        'show-request': { type: 'boolean' },
      },
      true,
    );
    if (values.help) return (io.out(usage), 0);
    const operation = positionals[0] as Operation | undefined;
    if (positionals.length === 0) throw new UsageError(`name one operation: ${OPERATIONS.join(', ')}`);
    if (!OPERATIONS.includes(operation as Operation))
      throw new UsageError(`unknown operation "${String(operation).slice(0, 40)}": choose one of ${OPERATIONS.join(', ')}`);
    if (positionals.length > 1) throw new UsageError(`name one operation, not ${positionals.length}: ${OPERATIONS.join(', ')}`);
    const request = await readJsonFile(required(values, 'file'), '--file');
    const config = readConnectionFlags(values, env);
    if (values.emulator) {
      config.endpointId ??= '1';
      config.login ??= 'merchant';
    }
    requireSettings(config, values.emulator ? ['login', 'endpointId'] : ['baseUrl', 'login', 'endpointId']);
    const privateKey = await readPrivateKeyFile(config);
    const timeoutMs = values.timeout === undefined ? 30_000 : Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a positive number of milliseconds');

    let emulator: RunningEmulator | undefined;
    if (values.emulator) {
      const payments = operation === 'update-recurring-payments' ? asList<RecurringPaymentUpdate>(request) : [];
      emulator = await serve({
        merchants: [
          {
            login: config.login as string,
            endpointIds: [config.endpointId as string],
            ...(config.controlKey !== undefined && { controlKey: config.controlKey }),
            ...(privateKey !== undefined && { publicKeys: [createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string] }),
            ...(config.currency !== undefined && { currency: config.currency }),
          },
        ],
        // Without a profiles file, the payments sent are the ones the emulator knows, so the update applies.
        profiles:
          values.profiles !== undefined
            ? await loadProfilesFile(values.profiles)
            : payments.map(safeWireRow).filter((row) => row['recurring-payment-id'] !== undefined),
        ...(config.pathPrefix !== undefined && { pathPrefix: config.pathPrefix }),
        log: lineLog((line) => io.err(io.dim(`emulator: ${line}`))),
      });
      config.baseUrl = emulator.url;
      io.err(io.dim(`emulator listening on ${emulator.url}`));
    }
    // What went over the wire, for --show-request (printed masked, through io.err).
    const sent: { url: string; authorization: string; body: string }[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({ url: String(input), authorization: headers.get('authorization') ?? '', body: typeof init?.body === 'string' ? init.body : '' });
      return fetch(input, init);
    };
    const showRequests = () => {
      if (values['show-request'] !== true) return;
      for (const request of sent) {
        io.err(io.bold('request sent (card data masked), as an explain command:'));
        io.err(`paysign explain --url ${shellQuote(request.url)} --authorization ${shellQuote(request.authorization)} --body ${shellQuote(request.body)}`);
      }
    };
    try {
      const client = createGatewayClient({
        fetch: recordingFetch,
        baseUrl: config.baseUrl as string,
        endpointId: config.endpointId as string,
        login: config.login as string,
        timeoutMs,
        ...(config.controlKey !== undefined && { controlKey: config.controlKey }),
        ...(privateKey !== undefined && { privateKey }),
        ...(config.pathPrefix !== undefined && { pathPrefix: config.pathPrefix }),
        ...(config.currency !== undefined && { projectCurrency: config.currency }),
      });
      const result =
        operation === 'update-recurring-payments'
          ? await client.updateRecurringPayments(asList<RecurringPaymentUpdate>(request))
          : operation === 'pan-eligibility'
            ? await client.panEligibilitySend(request as PanEligibilitySendRequest)
            : await client.transfer(request as TransferRequest);
      showRequests();
      if (values.json) io.out(JSON.stringify(result, null, 2));
      else printResult(io, result);
      return 0;
    } catch (error) {
      showRequests();
      if (error instanceof GatewayValidationError && error.code === 'VALIDATION_FAILED') throw refusalFrom(error);
      if (error instanceof GatewayAuthenticationError) throw authenticationRefusal(error, values['show-request'] === true);
      if (error instanceof GatewayError && error.code !== 'INVALID_OPTIONS') throw new RefusalError(`${error.code}: ${error.message}`);
      throw error;
    } finally {
      await emulator?.close();
    }
  },
};

/** A 403/401 in the CLI's words: what the gateway refused and which flags and commands find out why. */
function authenticationRefusal(error: GatewayAuthenticationError, shown: boolean): RefusalError {
  return new RefusalError(
    [
      `refused: the gateway did not accept the request's signature (HTTP ${error.details.httpStatus}).`,
      'Check --login, the key (--control-key, or --private-key whose public key the gateway holds; sandbox and production keys differ),',
      '--endpoint-id and --base-url, and the clock of this machine.',
      shown
        ? 'To see why, run the "paysign explain" command printed above with --control-key K (HMAC-SHA1) or --public-key FILE (RSA-SHA256).'
        : 'To see why, run this command again with --show-request: it prints the request it sent as a "paysign explain" command.',
    ].join('\n'),
  );
}

function safeWireRow(payment: RecurringPaymentUpdate): Record<string, string> {
  try {
    return toWireRow(payment);
  } catch {
    return {};
  }
}
