import { parseCommandArgs, required } from '../cli/args.js';
import type { Output } from '../cli/output.js';
import { UsageError } from '../cli/usage-error.js';
import { describeDifferences, explainRequest, ExplainInputError, type Diagnosis } from '@paysign/protocol/diagnose';
import { redactBaseString } from '@paysign/protocol';
import type { Command } from './command.js';
import { readFlagFile, readJsonFile } from './read-file.js';
import { terminalText as t } from '../redact/redact.js';
import { askEmulator, type EmulatorDiagnosis } from './explain-emulator.js';

const usage = `paysign explain (--url URL [--authorization HEADER] [--body BODY] | --request FILE) (--control-key K | --public-key FILE) [options]

Verifies a captured request and, when it fails, says why: the expected base string beside the
one the header implies, and the likely cause (+ for a space, unescaped !*'(), a parameter
missing or duplicated, URL case/port/path, wrong key, stale timestamp).
Exit code 0 when the signature verifies and the timestamp is fresh, 1 otherwise.
--authorization may be left out when --body carries the oauth_* parameters, oauth_signature
included (OAuth parameters in the form body, RFC 5849 section 3.5.2).
A body copied from masked output (411111******1111, ***) cannot be checked: the signature covers
the real card data. Explain says so (verdict "masked"); use "paysign send --save-request FILE"
and --request FILE instead.

Options:
  --request FILE         the request as "paysign send --save-request FILE" wrote it (method,
                         url, headers, body), in place of --url, --authorization and --body;
                         sent to a local emulator (127.0.0.1, localhost, [::1]), the emulator
                         is asked what it made of it (its cause code; no key needed)
  --url URL              the URL the request was sent to
  --authorization H      the Authorization header value ("OAuth ..."); optional when
                         --body carries the oauth_* parameters
  --body BODY            the form body as sent
  --control-key K        HMAC-SHA1 control key (or PAYSIGN_CONTROL_KEY)
  --public-key FILE      RSA public key PEM
  --method M             HTTP method (default POST)
  --now T                the clock, Unix seconds (default: now)
  --window S             accepted timestamp distance in seconds (default 300)
  --json                 print the diagnosis as JSON: verdict (valid, stale, mismatch, masked,
                         malformed), signatureMethod, expectedBaseString, signedBaseString,
                         causes [{ code, message }] (card data masked)`;

/** Prints a diagnosis as readable text. */
export function printDiagnosis(io: Output, diagnosis: Diagnosis): void {
  const verdicts = {
    valid: io.green('valid: the signature verifies and the timestamp is fresh'),
    stale: io.yellow('refused: the signature verifies but the timestamp is stale'),
    mismatch: io.red('refused: the signature does not match the request'),
    masked: io.yellow('cannot check: the request holds masked card data, and the signature covers the real values'),
    malformed: io.red('refused: the request cannot be read'),
    refused: io.red('refused: the signature verifies, but the gateway refuses the request (see the cause)'),
  };
  io.out(`${io.bold('Verdict')}  ${verdicts[diagnosis.verdict]}${diagnosis.signatureMethod ? io.dim(` (${t(diagnosis.signatureMethod)})`) : ''}`);
  if (diagnosis.expectedBaseString !== undefined) {
    io.out(io.bold('Expected base string (what the gateway computes)'));
    io.out(`  ${t(redactBaseString(diagnosis.expectedBaseString))}`);
  }
  if (diagnosis.signedBaseString !== undefined && diagnosis.signedBaseString !== diagnosis.expectedBaseString) {
    io.out(io.bold('Base string the header implies (what was signed)'));
    io.out(`  ${t(redactBaseString(diagnosis.signedBaseString))}`);
    io.out(io.bold('Difference'));
    for (const line of describeDifferences(diagnosis.expectedBaseString ?? '', diagnosis.signedBaseString)) io.out(`  ${t(line)}`);
  } else if (diagnosis.verdict === 'mismatch' && diagnosis.signedBaseString === undefined) {
    io.out(io.bold('Base string the header implies'));
    io.out('  none of the variants tried verifies with this key');
  }
  if (diagnosis.causes.length > 0) {
    io.out(io.bold(diagnosis.causes.length === 1 ? 'Likely cause' : 'Likely causes'));
    for (const cause of diagnosis.causes) io.out(`  - ${t(cause.message)} ${io.dim(`[${cause.code}]`)}`);
  }
}

/** Prints what a local emulator made of the request; exit 0 only when it accepted it (or would). */
function printEmulatorAnswer(io: Output, answer: EmulatorDiagnosis, origin: string, json: boolean): number {
  const refused = answer.recorded ? (answer.status ?? 0) >= 400 : answer.verdict !== 'valid';
  if (json) io.out(JSON.stringify({ emulator: origin, ...answer }, null, 2));
  else {
    const how = answer.recorded
      ? `the emulator at ${origin} answered it ${answer.status}`
      : `the emulator at ${origin} does not keep it; diagnosed with its merchants and keys`;
    io.out(`${io.bold('Verdict')}  ${refused ? io.red(`refused: ${t(how)}`) : io.green(`accepted: ${t(how)}`)}`);
    if (answer.expectedBaseString !== undefined) {
      io.out(io.bold('Expected base string (what the gateway computes)'));
      io.out(`  ${t(redactBaseString(answer.expectedBaseString))}`);
    }
    if (answer.causes.length > 0) {
      io.out(io.bold(answer.causes.length === 1 ? 'Cause' : 'Causes'));
      for (const cause of answer.causes) io.out(`  - ${t(cause.message)} ${io.dim(`[${t(cause.code)}]`)}`);
    }
  }
  return refused ? 1 : 0;
}

/** Whether a form body carries `oauth_signature` (the request's OAuth parameters are in the body). */
function bodyCarriesSignature(body: string): boolean {
  return body.split('&').some((pair) => pair.startsWith('oauth_signature='));
}

/** The request a `paysign send --save-request FILE` wrote; `--url`, `--authorization`, `--body` and `--method` cannot be given beside it. */
async function readSavedRequest(
  path: string,
  values: { url?: string | undefined; authorization?: string | undefined; body?: string | undefined; method?: string | undefined },
): Promise<{ method: string; url: string; authorization: string | undefined; body: string }> {
  const beside = (['url', 'authorization', 'body', 'method'] as const).filter((name) => values[name] !== undefined);
  if (beside.length > 0) throw new UsageError(`--request FILE holds the whole request: leave out ${beside.map((name) => `--${name}`).join(', ')}`);
  const saved = (await readJsonFile(path, '--request')) as { method?: unknown; url?: unknown; headers?: unknown; body?: unknown } | null;
  const headers = typeof saved?.headers === 'object' && saved.headers !== null ? (saved.headers as Record<string, unknown>) : {};
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  if (typeof saved?.url !== 'string' || typeof saved.body !== 'string' || (authorization !== undefined && typeof authorization !== 'string')) {
    throw new UsageError(`--request ${path}: expected the JSON "paysign send --save-request" writes: method, url, headers, body`);
  }
  return { method: typeof saved.method === 'string' ? saved.method : 'POST', url: saved.url, authorization, body: saved.body };
}

export const explainCommand: Command = {
  name: 'explain',
  summary: 'diagnose why a signed request is refused',
  usage,
  async run(args, { io, env }) {
    const { values } = parseCommandArgs(args, {
      url: { type: 'string' },
      authorization: { type: 'string' },
      body: { type: 'string' },
      'control-key': { type: 'string' },
      'public-key': { type: 'string' },
      method: { type: 'string' },
      now: { type: 'string' },
      window: { type: 'string' },
      request: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage), 0);
    const controlKey = values['control-key'] ?? env.PAYSIGN_CONTROL_KEY;
    const now = values.now === undefined ? undefined : Number(values.now);
    const window = values.window === undefined ? undefined : Number(values.window);
    if (now !== undefined && !Number.isInteger(now)) throw new UsageError('--now must be Unix seconds');
    if (window !== undefined && !(Number.isInteger(window) && window >= 0)) throw new UsageError('--window must be a whole number of seconds');
    const saved = values.request === undefined ? undefined : await readSavedRequest(values.request, values);
    const url = saved?.url ?? required(values, 'url');
    const given = saved === undefined ? values.authorization : saved.authorization;
    // A header copied whole from a log or devtools: its name is not part of the value.
    const pastedName = given === undefined ? undefined : /^\s*authorization\s*:\s*/i.exec(given)?.[0];
    const authorization = pastedName === undefined ? given : given?.slice(pastedName.length);
    if (pastedName !== undefined) io.err(io.yellow('note: --authorization began with "Authorization:", the header\'s name: read without it'));
    const body = saved === undefined ? values.body : saved.body;
    const method = saved?.method ?? values.method;
    // A request saved from a send to a local emulator: the emulator says what it made of it (the
    // cause it recorded when it refused it), so explain and the emulator agree.
    if (saved !== undefined) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const answer = await askEmulator({ method: saved.method, url: saved.url, headers, body: saved.body });
      if (answer !== undefined) return printEmulatorAnswer(io, answer, new URL(saved.url).origin, values.json === true);
    }
    if ((authorization === undefined || authorization === '') && !bodyCarriesSignature(body ?? '')) {
      throw new UsageError('--authorization is required unless --body carries the oauth_* parameters (oauth_signature included)');
    }
    try {
      const publicKey = values['public-key'] === undefined ? undefined : await readFlagFile(values['public-key'], '--public-key');
      const explain = (key: string | undefined) =>
        explainRequest({
          url,
          ...(authorization !== undefined && authorization !== '' && { authorization }),
          ...(body !== undefined && { body }),
          ...(method !== undefined && { method }),
          ...(key !== undefined && key !== '' && { controlKey: key }),
          ...(publicKey !== undefined && { publicKey }),
          ...(now !== undefined && { now }),
          ...(window !== undefined && { timestampWindowSeconds: window }),
        });
      let diagnosis = await explain(controlKey);
      // The signer joins the control key and the (empty) token secret with "&": a key given with
      // that "&" already on it is signed as "key&&". Checked without it when it does not match.
      if (diagnosis.verdict === 'mismatch' && controlKey !== undefined && controlKey.length > 1 && controlKey.endsWith('&')) {
        const without = await explain(controlKey.slice(0, -1));
        if (without.verdict === 'valid' || without.verdict === 'stale') {
          io.err(io.yellow('note: the control key ends in "&": the signer adds the "&" that joins it to the (empty) token secret; it matches without it'));
          diagnosis = without;
        }
      }
      if (values.json)
        io.out(
          JSON.stringify(
            {
              ...diagnosis,
              ...(diagnosis.expectedBaseString !== undefined && { expectedBaseString: redactBaseString(diagnosis.expectedBaseString) }),
              ...(diagnosis.signedBaseString !== undefined && { signedBaseString: redactBaseString(diagnosis.signedBaseString) }),
            },
            null,
            2,
          ),
        );
      else printDiagnosis(io, diagnosis);
      return diagnosis.verdict === 'valid' ? 0 : 1;
    } catch (error) {
      if (error instanceof ExplainInputError) throw new UsageError(error.message);
      throw error;
    }
  },
};
