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
import { GatewayError, GatewayValidationError } from '@paysign/protocol';
import { panEligibilitySendFields, recurringPaymentFields, toWireRow, transferFields } from '@paysign/protocol/wire';
import { createNodeFetch } from '@paysign/gateway/node';
import { parseCommandArgs, required } from '../cli/args.js';
import { authenticationAdvice } from '../cli/known-errors.js';
import { shellQuote } from '../cli/shell-quote.js';
import type { Output } from '../cli/output.js';
import { redactText, terminalText } from '../redact/redact.js';
import { askEmulator, EMULATOR_SERVER } from './explain-emulator.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import { CONNECTION_FLAG_OPTIONS, merchantCredentials, readConnectionFlags, readPrivateKeyFile, requireSettings } from '../config/gateway-config.js';
import type { Command } from './command.js';
import { readJsonFile } from './read-file.js';
import { readPaymentList, refusalFrom } from './schedule.js';
import { openSaveRequestFile, type SentRequest } from './save-request-file.js';
import { readSendParams } from './send-params.js';

const OPERATIONS = ['update-recurring-payments', 'pan-eligibility', 'transfer'] as const;
type Operation = (typeof OPERATIONS)[number];

const usage = `paysign send <update-recurring-payments|pan-eligibility|transfer> --file REQUEST.json [options]
paysign send <command> [--param name=value ...] [--file PARAMS.json] [options]

Validates the request (nothing is sent when a rule is broken), signs it (RSA-SHA256 with a
private key, else HMAC-SHA1) and sends it.
Any other command of the gateway (status, create-recurring-payments, ...) is signed and sent
the same way, to {base}/payment/api/{version}/<command>/{endpoint_id}, with the parameters of
--file (a JSON object of text values) and --param; its fields are the gateway's to check. A card
number or CVV is never taken from --param (the command line shows in ps): put it in --file. REQUEST.json uses the camelCase names of
@paysign/gateway: an array of payments (or one) for update-recurring-payments, each with
camelCase names or the CSV's wire names (client-orderid, ...), and refusals name each field as
its payment spells it; { clientOrderId, sendingCardRefId } for pan-eligibility, a TransferRequest for transfer.
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
  --param NAME=VALUE     a form parameter of a command send does not wrap (repeatable)
  --version vN           the version in that command's path (default v4)
  --signature-method M   HMAC-SHA1 or RSA-SHA256 for that command (default: RSA-SHA256 with a
                         private key, else HMAC-SHA1)
  --json                 print the result as JSON (the gateway's reply: httpStatus, empty,
                         type, status, serialNumber, fields)
  --verbose              print each request's method, URL, headers and body, and the
                         reply's HTTP status, on stderr (card data masked)
  --show-request         print the request as sent, on stderr, as a "paysign explain" command
                         (card data masked; add --control-key or --public-key to run it)
  --save-request FILE    write the request as sent, card data included, to FILE (mode 0600,
                         JSON: method, url, headers, body) for "paysign explain --request FILE";
                         written aside and renamed into place once the request passed validation
                         (a refused request leaves FILE as it was); a symbolic link is refused

On a 403 (signature refused) it exits 1: run again with --show-request and run the printed
"paysign explain" command; a request with card data (update-recurring-payments, transfer) is
masked there, so save it with --save-request FILE and run "paysign explain --request FILE".
REQUEST.json may be - to read standard input.
HMAC-SHA1 requests carry the OAuth parameters in the header and in the body, as the gateway's
example does (RFC 5849 section 3.5 allows one place only; this gateway accepts both).`;

/** Each field's spellings as send reads them: camelCase, and for update-recurring-payments the CSV's wire names too. */
const SPELLINGS: Readonly<Record<Operation, readonly (readonly string[])[]>> = {
  'update-recurring-payments': recurringPaymentFields.map((field) => [field.property, field.wire]),
  'pan-eligibility': panEligibilitySendFields.map((field) => [field.property]),
  transfer: transferFields.map((field) => [field.property]),
};

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
        'save-request': { type: 'string' },
        verbose: { type: 'boolean' },
        param: { type: 'string', multiple: true },
        version: { type: 'string' },
        'signature-method': { type: 'string' },
      },
      true,
    );
    if (values.help) return (io.out(usage), 0);
    if (positionals.length === 0) throw new UsageError(`name one operation: ${OPERATIONS.join(', ')}, or any command of the gateway (status, ...)`);
    if (positionals.length > 1) throw new UsageError(`name one operation, not ${positionals.length}: ${OPERATIONS.join(', ')}, or any command of the gateway`);
    const operation = positionals[0] as string;
    // A command send does not wrap: its parameters as given, signed and sent by client.request.
    const wrapped = (OPERATIONS as readonly string[]).includes(operation);
    const generic = wrapped ? undefined : readSendParams(values.file === undefined ? undefined : await readJsonFile(values.file, '--file'), values.param ?? []);
    if (wrapped && (values.param !== undefined || values.version !== undefined || values['signature-method'] !== undefined))
      throw new UsageError(`--param, --version and --signature-method are for a command send does not wrap; ${operation} takes --file REQUEST.json`);
    const signatureMethod = values['signature-method'];
    if (signatureMethod !== undefined && signatureMethod !== 'HMAC-SHA1' && signatureMethod !== 'RSA-SHA256')
      throw new UsageError('--signature-method must be HMAC-SHA1 or RSA-SHA256');
    const request = wrapped ? await readJsonFile(required(values, 'file'), '--file') : generic;
    // update-recurring-payments: a payment with camelCase names or with the CSV's wire names, as schedule reads it.
    const read = operation === 'update-recurring-payments' ? readPaymentList(request, '--file') : [];
    const payments = read.map(({ payment }) => payment as unknown as RecurringPaymentUpdate);
    const config = readConnectionFlags(values, env);
    if (values.emulator) {
      config.endpointId ??= '1';
      config.login ??= 'merchant';
    }
    requireSettings(config, values.emulator ? ['login', 'endpointId'] : ['baseUrl', 'login', 'endpointId']);
    const privateKey = await readPrivateKeyFile(config);
    const timeoutMs = values.timeout === undefined ? 30_000 : Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout must be a positive number of milliseconds');

    const saveTo = values['save-request'];
    if (saveTo === '') throw new UsageError('--save-request needs a file name');
    // Opened before anything is sent: a path that cannot be written is a usage error, not a failed request.
    const saveFile = saveTo === undefined ? undefined : await openSaveRequestFile(saveTo);

    let emulator: RunningEmulator | undefined;
    if (values.emulator) {
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
    // What went over the wire, for --show-request (printed masked, through io.err) and the error messages.
    const sent: SentRequest[] = [];
    // The emulator names itself in every reply (Server: paysign-emulator); only then is it asked why.
    let answeredBy: string | null = null;
    // The same transport as paysign bulk: node:http, redirects never followed.
    const transport = createNodeFetch();
    const recordingFetch: typeof fetch = async (input, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const request: SentRequest = { method: init?.method ?? 'GET', url: String(input), headers, body: typeof init?.body === 'string' ? init.body : '' };
      sent.push(request);
      if (saveFile !== undefined) await saveFile.save(request);
      if (values.verbose) {
        io.err(io.dim(`> ${request.method} ${request.url}`));
        for (const [name, value] of Object.entries(headers)) io.err(io.dim(`> ${name}: ${value}`));
        io.err(io.dim('>'));
        io.err(io.dim(`> ${request.body}`));
      }
      const response = await transport(input, init);
      answeredBy = response.headers.get('server');
      if (values.verbose) io.err(io.dim(`< HTTP ${response.status}`));
      return response;
    };
    const showRequests = () => {
      if (values['show-request'] !== true) return;
      for (const request of sent) {
        io.err(io.bold('request sent (card data masked), as an explain command:'));
        io.err(
          `paysign explain --url ${shellQuote(request.url)} --authorization ${shellQuote(request.headers.authorization ?? '')} --body ${shellQuote(request.body)}`,
        );
        if (redactText(request.body) !== request.body) {
          io.err(
            io.yellow(
              saveTo === undefined
                ? 'The body above has card data masked, so this command cannot reproduce the signature: run again with --save-request FILE and run "paysign explain --request FILE".'
                : `The body above has card data masked, so this command cannot reproduce the signature: run "paysign explain --request ${shellQuote(saveTo)}" instead.`,
            ),
          );
        }
      }
    };
    try {
      const client = createGatewayClient({
        fetch: recordingFetch,
        baseUrl: config.baseUrl as string,
        endpointId: config.endpointId as string,
        ...merchantCredentials(config, privateKey),
        timeoutMs,
        ...(config.pathPrefix !== undefined && { pathPrefix: config.pathPrefix }),
        ...(config.currency !== undefined && { projectCurrency: config.currency }),
      });
      const result =
        generic !== undefined
          ? await client.request(operation, generic, {
              ...(values.version !== undefined && { version: values.version }),
              ...(signatureMethod !== undefined && { signatureMethod }),
            })
          : operation === 'update-recurring-payments'
            ? await client.updateRecurringPayments(payments)
            : operation === 'pan-eligibility'
              ? await client.panEligibilitySend(request as PanEligibilitySendRequest)
              : await client.transfer(request as TransferRequest);
      showRequests();
      if (values.json) io.out(JSON.stringify(result, null, 2));
      else printResult(io, result);
      return 0;
    } catch (error) {
      showRequests();
      if (error instanceof GatewayValidationError && error.code === 'VALIDATION_FAILED')
        throw operation === 'update-recurring-payments'
          ? // Each field named as its payment spells it: camelCase (the issue's property) or the CSV's wire name.
            refusalFrom(
              error,
              (issue) => (issue.row !== undefined && read[issue.row]?.wireNamed === false ? (issue.property ?? issue.field) : issue.field),
              SPELLINGS['update-recurring-payments'],
            )
          : refusalFrom(error, undefined, wrapped ? SPELLINGS[operation as Operation] : []);
      if (error instanceof GatewayAuthenticationError) {
        // A local emulator says why it refused (the cause code it recorded); a real gateway does not.
        const request = sent.at(-1);
        const answer = request === undefined || answeredBy !== EMULATOR_SERVER ? undefined : await askEmulator(request);
        const cause = answer?.causes[0];
        throw authenticationRefusal(
          error,
          values['show-request'] === true,
          saveTo,
          cause === undefined ? undefined : `the emulator's cause: ${terminalText(cause.code)}: ${terminalText(cause.message)}`,
        );
      }
      if (error instanceof GatewayError && error.code !== 'INVALID_OPTIONS')
        throw gatewayRefusal(error, sent.at(-1), config.baseUrl as string, config.pathPrefix, wrapped ? undefined : operation);
      throw error;
    } finally {
      transport.close();
      await saveFile?.close();
      await emulator?.close();
    }
  },
};

/** A 403/401 in the CLI's words: what the gateway refused and which flags and commands find out why. */
function authenticationRefusal(error: GatewayAuthenticationError, shown: boolean, savedTo: string | undefined, emulatorCause?: string): RefusalError {
  const next =
    savedTo !== undefined
      ? `To see why, run "paysign explain --request ${shellQuote(savedTo)}" with --control-key K (HMAC-SHA1) or --public-key FILE (RSA-SHA256).`
      : shown
        ? 'To see why, run the "paysign explain" command printed above with --control-key K (HMAC-SHA1) or --public-key FILE (RSA-SHA256).'
        : 'To see why, run this command again with --save-request FILE (or --show-request) and run "paysign explain --request FILE".';
  const [first, ...rest] = `refused: ${authenticationAdvice(error.details.httpStatus, next)}`.split('\n');
  return new RefusalError([first, ...(emulatorCause === undefined ? [] : [emulatorCause]), ...rest].join('\n'));
}

/**
 * Any other failure reply, with the URL that was called: a 404 usually means a wrong --base-url
 * or --path-prefix, and the URL shows which.
 */
function gatewayRefusal(error: GatewayError, request: SentRequest | undefined, baseUrl: string, pathPrefix = '/payment', command?: string): RefusalError {
  const lines = [`${error.message} [${error.code}]`];
  if (request !== undefined) lines.push(`called: ${request.method} ${request.url}`);
  const status = (error as { details?: { httpStatus?: unknown } }).details?.httpStatus;
  const basePath = URL.canParse(baseUrl) ? new URL(baseUrl).pathname.replace(/\/+$/, '') : '';
  if (status === 404 && pathPrefix !== '' && basePath.endsWith(pathPrefix)) {
    lines.push(
      `--base-url already ends in ${pathPrefix}, and the operation paths already start with ${pathPrefix} (--path-prefix): leave ${pathPrefix} out of --base-url.`,
    );
  } else if (status === 404 && command !== undefined) {
    // The name passed the client's path-segment rule: it holds no control character to escape.
    lines.push(
      `The gateway may have no command ${command} at this version (--version, default v4); else check --base-url (scheme, host and port only) and --path-prefix (default /payment).`,
    );
  } else if (status === 404) {
    lines.push('Check --base-url (scheme, host and port only) and --path-prefix (default /payment).');
  }
  return new RefusalError(lines.join('\n'));
}

function safeWireRow(payment: RecurringPaymentUpdate): Record<string, string> {
  try {
    return toWireRow(payment);
  } catch {
    return {};
  }
}
