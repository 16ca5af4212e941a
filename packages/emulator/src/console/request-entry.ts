import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { redactCardData } from '@paysign/protocol';
import { redactFormBody, redactRequest } from '@paysign/protocol/diagnose';
import { matchOperationPath } from '@paysign/protocol/wire';
import type { GatewayRequest } from '../request/gateway-request.js';
import type { LoggedRequest, RefusalCause, RefusalOutcome } from './logged-request.js';
import { detachedSlice, retainedBytes, stringBytes } from './retained-bytes.js';

/** Most characters of a request's or reply's body kept (masked when shown); the rest is cut and counted. */
const SHOWN_BODY_CHARS = 2048;

// The emulator's and the verifier's reasons, named as the diagnosis names them.
const CODES: Readonly<Record<string, string>> = { replayed_nonce: 'nonce_reused' };

/** A request as the log received it: what the entry shows, cut but not yet masked. */
export interface Received {
  method: string;
  url: string;
  authorization: string | null;
  /** The whole body as decoded (the diagnosis and the check read it; the entry keeps it cut). */
  body: string;
}

/** The request a diagnosis or a check reads: as received, with the login it names and when (the verifier's seconds). */
export interface ReceivedAt extends Received {
  login: string | undefined;
  now: number;
}

/** What an entry itself holds besides its strings: the object (about 20 fields) and the log's array slot. */
const ENTRY_BYTES = 24 + 20 * 8 + 8;

/**
 * One kept request, in one representation for the inspector, the diagnosis and the check: the
 * request as received (unmasked, in the emulator only; its body whole up to the
 * diagnosis' cap, else cut) and its reply cut. Masked once, when it is first
 * shown ({@link KeptRequest.view}: a list, a live update, a diagnosis), by @paysign/protocol's one
 * masking path; the unmasked parts only shown are dropped then, those a check reads stay while the
 * log keeps the entry. A request nobody looks at is never masked, and nothing unmasked ever leaves
 * the emulator. {@link KeptRequest.size} is what it holds, by src/console/retained-bytes.ts.
 */
export class KeptRequest {
  readonly id: number;
  readonly status: number;
  /** The `oauth_signature` it was signed with, if any: the key {@link RequestLog.find} looks it up by. */
  readonly signature: string | undefined;
  /** The login it names (`oauth_consumer_key`), as sent: the diagnosis looks its merchant up by it. */
  readonly login: string | undefined;
  /** Its time (ms since the epoch) and the verifier's (seconds) when it was received. */
  readonly at: number;
  readonly now: number;
  readonly method: string;
  readonly url: string;
  readonly authorization: string | null;
  /** The body: whole when {@link KeptRequest.checkable}, else cut (and then dropped once shown). */
  #body: string | undefined;
  /** Whether the whole body is kept, for a check or a diagnosis (bodies up to 256 KiB). */
  readonly checkable: boolean;
  /** About how many bytes it holds (the log's budget counts these); changes when it is first shown. */
  size: number;
  // Only shown (dropped once masked): headers as name, value, name, value..., cut; the reply cut;
  // the pairs it is filed under (of a body cut; one kept whole is read when shown); the emulator's
  // reason for a refusal.
  #headers: string[] | undefined;
  #reply: string | undefined;
  #pairs: Array<readonly [string, string]> | undefined;
  #cause: RefusalCause | undefined;
  #view: LoggedRequest | undefined;

  /** `wholeBodyUpTo`: the longest body kept whole (for a check, a diagnosis): the diagnosis' cap. */
  constructor(
    request: GatewayRequest,
    received: Received & { id: number; now: number; wholeBodyUpTo: number },
    reply: { status: number; body: string },
    outcome: RefusalOutcome | undefined,
  ) {
    const header = headerParams(received.authorization);
    // The pairs it is filed under, read from the body only when needed: a body kept whole is read
    // again when shown; one cut is read now, whole.
    let pairs: Array<readonly [string, string]> | undefined;
    const bodyPairs = (): Array<readonly [string, string]> => (pairs ??= interestingPairs(received.body));
    const headers: string[] = [];
    for (const [name, value] of request.headers()) if (name !== 'cookie') headers.push(name, cutRaw(value));
    this.id = received.id;
    this.status = reply.status;
    this.signature = header.oauth_signature ?? bodyPairs().find(([name]) => name === 'oauth_signature')?.[1];
    this.login = header.oauth_consumer_key ?? bodyPairs().find(([name]) => name === 'oauth_consumer_key')?.[1];
    this.at = Date.now();
    this.now = received.now;
    this.method = request.method;
    this.url = received.url;
    this.authorization = received.authorization;
    this.checkable = received.body.length <= received.wholeBodyUpTo;
    this.#body = this.checkable ? received.body : cutRaw(received.body);
    this.#headers = headers;
    this.#reply = cutRaw(reply.body);
    this.#pairs = this.checkable ? undefined : bodyPairs();
    this.#cause = reply.status >= 400 ? refusalCause(reply.status, outcome, received.authorization, bodyPairs) : undefined;
    this.#view = undefined;
    this.size = this.#measure();
  }

  /** The request as received, for a diagnosis or a check; `undefined` when its body was too large to keep whole. */
  received(): ReceivedAt | undefined {
    if (!this.checkable) return undefined;
    return { method: this.method, url: this.url, authorization: this.authorization, body: this.#body as string, login: this.login, now: this.now };
  }

  /** The entry as the inspector shows it, masked (made once, then kept; {@link KeptRequest.size} then counts it). */
  view(pathPrefix: string): LoggedRequest {
    if (this.#view !== undefined) return this.#view;
    this.#view = masked(this, this.#shownParts(), pathPrefix);
    this.#headers = undefined;
    this.#reply = undefined;
    this.#pairs = undefined;
    this.#cause = undefined;
    if (!this.checkable) this.#body = undefined;
    this.size = this.#measure();
    return this.#view;
  }

  /** Counts again what it holds (after its view changed: a diagnosis added to it). */
  remeasure(): number {
    this.size = this.#measure();
    return this.size;
  }

  #shownParts(): ShownParts {
    return {
      headers: this.#headers ?? [],
      body: this.checkable ? cutRaw(this.#body ?? '') : (this.#body ?? ''),
      reply: this.#reply ?? '',
      pairs: this.#pairs ?? (this.checkable ? interestingPairs(this.#body ?? '') : []),
      cause: this.#cause,
    };
  }

  #measure(): number {
    let bytes = ENTRY_BYTES + stringBytes(this.url) + (this.#body === undefined ? 0 : stringBytes(this.#body));
    // The Authorization header is one string, kept once (in the headers too, when not cut).
    if (this.authorization !== null) bytes += stringBytes(this.authorization);
    if (this.signature !== undefined) bytes += stringBytes(this.signature) + 48; // and its slot in the log's index
    if (this.#headers !== undefined) {
      bytes += retainedBytes(this.#headers);
      if (this.authorization !== null && this.#headers.includes(this.authorization)) bytes -= stringBytes(this.authorization);
    }
    if (this.#reply !== undefined) bytes += stringBytes(this.#reply);
    if (this.#pairs !== undefined) bytes += retainedBytes(this.#pairs);
    if (this.#cause !== undefined) bytes += retainedBytes(this.#cause);
    // The view's strings that masking left as they were are the kept ones, counted above.
    if (this.#view !== undefined) bytes += retainedBytes(this.#view, new Set([this.url, this.authorization ?? '', this.#body ?? '']));
    return bytes;
  }
}

/** What the inspector shows of a request before it is masked. */
interface ShownParts {
  headers: readonly string[];
  body: string;
  reply: string;
  pairs: ReadonlyArray<readonly [string, string]>;
  cause: RefusalCause | undefined;
}

function masked(kept: KeptRequest, raw: ShownParts, pathPrefix: string): LoggedRequest {
  const url = new URL(kept.url);
  const replyPairs = parseFormPairsSafe(raw.reply.replace(/\n/g, ''));
  const orders = [...raw.pairs, ...replyPairs].filter(([name]) => /order-?_?id$/i.test(name)).map(([, value]) => redactCardData(value));
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.headers.length; i += 2) headers[raw.headers[i] as string] = raw.headers[i + 1] as string;
  const shown = redactRequest({ method: kept.method, url: kept.url, headers, body: '' });
  const operation = matchOperationPath(url.pathname, pathPrefix)?.operation;
  return {
    id: kept.id,
    at: new Date(kept.at).toISOString(),
    method: shown.method,
    path: redactCardData(url.pathname),
    ...(operation !== undefined && { operation }),
    ...(kept.login !== undefined && { login: redactCardData(kept.login) }),
    orders: [...new Set(orders)],
    status: kept.status,
    request: { ...shown, body: redactFormBody(raw.body) },
    reply: { status: kept.status, body: redactFormBody(raw.reply) },
    diagnosis: 'none',
    ...(raw.cause !== undefined && { causes: [{ code: raw.cause.code, message: redactCardData(raw.cause.message) }] }),
  };
}

// The emulator wants the OAuth parameters in the header: a request without one that carries them in
// its body is refused for that (the code the diagnosis gives it too).
function refusalCause(
  status: number,
  outcome: RefusalOutcome | undefined,
  authorization: string | null,
  pairs: () => ReadonlyArray<readonly [string, string]>,
): { code: string; message: string } {
  if (outcome === undefined) return { code: 'refused', message: `answered ${status}` };
  const inBodyOnly = outcome.reason === 'missing_parameter' && authorization === null && pairs().some(([name]) => name === 'oauth_signature');
  return { code: inBodyOnly ? 'oauth_in_body_only' : (CODES[outcome.reason] ?? outcome.reason), message: outcome.message };
}

/**
 * A long text cut before masking (masking a 1 MiB body on the request path would cost more than the
 * request): the digits, separators and percent-escapes at the cut are dropped too, so a card
 * number or CVV the cut splits leaves no unmasked piece of 12 digits or fewer behind.
 *
 * @example
 * ```ts
 * cutRaw('a'.repeat(3000)).endsWith('[3000 characters in all]'); // true
 * ```
 */
export function cutRaw(text: string): string {
  return text.length <= SHOWN_BODY_CHARS
    ? text
    : `${detachedSlice(text, 0, SHOWN_BODY_CHARS).replace(/(?:[0-9 +._/-]|%[0-9A-Fa-f]{0,2})+$/, '')}… [${text.length} characters in all]`;
}

/** A masked text cut to what an entry shows. */
export const cut = (text: string): string =>
  text.length <= SHOWN_BODY_CHARS ? text : `${text.slice(0, SHOWN_BODY_CHARS)}… [${text.length} characters in all]`;

// Only the pairs the inspector files a request under (login, signature, order ids), read without
// decoding the other values: a 1 MiB order_desc is skipped, not decoded, on the request path.
const INTERESTING = /^(?:oauth_consumer_key|oauth_signature|[A-Za-z_-]*order-?_?id)$/i;

function headerParams(authorization: string | null): Record<string, string> {
  try {
    return authorization === null ? {} : parseAuthorizationHeader(authorization).params;
  } catch {
    return {};
  }
}

/**
 * The `oauth_signature` a request was signed with, from its Authorization header or its body: the
 * key {@link RequestLog.find} looks a request up by.
 *
 * @example
 * ```ts
 * oauthSignatureOf(request.headers.get('authorization'), body); // 'tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D' decoded, or undefined
 * ```
 */
export function oauthSignatureOf(authorization: string | null, body: string): string | undefined {
  return headerParams(authorization).oauth_signature ?? interestingPairs(body).find(([name]) => name === 'oauth_signature')?.[1];
}

function interestingPairs(body: string): Array<readonly [string, string]> {
  const found: Array<readonly [string, string]> = [];
  let start = 0;
  while (start <= body.length) {
    const end = body.indexOf('&', start);
    const stop = end === -1 ? body.length : end;
    const eq = body.indexOf('=', start);
    const nameEnd = eq === -1 || eq > stop ? stop : eq;
    if (nameEnd - start <= 64 && INTERESTING.test(body.slice(start, nameEnd))) found.push(...parseFormPairsSafe(body.slice(start, stop)));
    if (end === -1) break;
    start = end + 1;
  }
  return found;
}

/**
 * Form pairs, or none for a text that is not a form.
 *
 * @example
 * ```ts
 * parseFormPairsSafe('a=1&b=2'); // [['a', '1'], ['b', '2']]
 * ```
 */
export function parseFormPairsSafe(text: string): Array<readonly [string, string]> {
  try {
    return parseFormPairs(text);
  } catch {
    return [];
  }
}
