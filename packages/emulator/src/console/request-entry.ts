import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { redactCardData } from '@paysign/protocol';
import { redactFormBody, redactRequest } from '@paysign/protocol/diagnose';
import { matchOperationPath } from '@paysign/protocol/wire';
import type { GatewayRequest } from '../request/gateway-request.js';
import type { LoggedRequest, RefusalOutcome } from './logged-request.js';

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

/**
 * One kept request: cut when recorded (bodies to 2,048 characters, so the log is bounded in
 * bytes), masked once, when it is first shown ({@link KeptRequest.view}: a list, a live update, a
 * diagnosis), by @paysign/protocol's one masking path; the unmasked parts are dropped then. A
 * request nobody looks at is never masked, and nothing unmasked ever leaves the emulator.
 */
export class KeptRequest {
  readonly id: number;
  readonly status: number;
  /** The `oauth_signature` it was signed with, if any: the key {@link RequestLog.find} looks it up by. */
  readonly signature: string | undefined;
  /** The login it names (`oauth_consumer_key`), as sent: the diagnosis looks its merchant up by it. */
  readonly login: string | undefined;
  /** About how many bytes it holds (the log's budget counts these). */
  readonly size: number;
  #raw: RawParts | undefined;
  #view: LoggedRequest | undefined;

  constructor(id: number, request: GatewayRequest, received: Received, reply: { status: number; body: string }, outcome: RefusalOutcome | undefined) {
    const header = headerParams(received.authorization);
    const pairs = interestingPairs(received.body);
    const headers: [string, string][] = [];
    for (const [name, value] of request.headers()) if (name !== 'cookie') headers.push([name, cutRaw(value)]);
    this.id = id;
    this.status = reply.status;
    this.signature = header.oauth_signature ?? pairs.find(([name]) => name === 'oauth_signature')?.[1];
    const raw: RawParts = { at: Date.now(), method: request.method, url: received.url, headers, body: cutRaw(received.body), reply: cutRaw(reply.body), pairs };
    this.login = header.oauth_consumer_key ?? pairs.find(([name]) => name === 'oauth_consumer_key')?.[1];
    if (this.login !== undefined) raw.login = this.login;
    if (reply.status >= 400) raw.cause = refusalCause(reply.status, outcome, received.authorization, pairs);
    this.#raw = raw;
    let size = 256 + raw.url.length * 2 + raw.body.length + raw.reply.length;
    for (const [name, value] of headers) size += name.length + value.length + 32;
    this.size = size * 2;
  }

  /** The entry as the inspector shows it, masked (made once, then kept). */
  view(pathPrefix: string): LoggedRequest {
    if (this.#view !== undefined) return this.#view;
    const raw = this.#raw as RawParts;
    this.#raw = undefined;
    this.#view = masked(this.id, this.status, raw, pathPrefix);
    return this.#view;
  }
}

interface RawParts {
  at: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
  reply: string;
  pairs: Array<readonly [string, string]>;
  login?: string | undefined;
  cause?: { code: string; message: string };
}

function masked(id: number, status: number, raw: RawParts, pathPrefix: string): LoggedRequest {
  const url = new URL(raw.url);
  const replyPairs = parseFormPairsSafe(raw.reply.replace(/\n/g, ''));
  const orders = [...raw.pairs, ...replyPairs].filter(([name]) => /order-?_?id$/i.test(name)).map(([, value]) => redactCardData(value));
  const shown = redactRequest({ method: raw.method, url: raw.url, headers: Object.fromEntries(raw.headers), body: '' });
  const operation = matchOperationPath(url.pathname, pathPrefix)?.operation;
  return {
    id,
    at: new Date(raw.at).toISOString(),
    method: shown.method,
    path: redactCardData(url.pathname),
    ...(operation !== undefined && { operation }),
    ...(raw.login !== undefined && { login: redactCardData(raw.login) }),
    orders: [...new Set(orders)],
    status,
    request: { ...shown, body: redactFormBody(raw.body) },
    reply: { status, body: redactFormBody(raw.reply) },
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
  pairs: ReadonlyArray<readonly [string, string]>,
): { code: string; message: string } {
  if (outcome === undefined) return { code: 'refused', message: `answered ${status}` };
  const inBodyOnly = outcome.reason === 'missing_parameter' && authorization === null && pairs.some(([name]) => name === 'oauth_signature');
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
    : `${text.slice(0, SHOWN_BODY_CHARS).replace(/(?:[0-9 +._/-]|%[0-9A-Fa-f]{0,2})+$/, '')}… [${text.length} characters in all]`;
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
