import { explainRequest } from '@paysign/protocol/diagnose';
import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { matchOperationPath } from '@paysign/protocol/wire';
import { redactBaseString } from '@paysign/protocol';
import { redactFormBody, redactRequest, type RequestToShow } from '@paysign/protocol/diagnose';
import { redactCardData } from '@paysign/protocol';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';

/** Why a request was refused: the emulator's own code, or for a signature that does not verify, the diagnosis engine's. */
export interface RefusalCause {
  code: string;
  message: string;
}

/** Why the emulator refused a request, as it knew at the time. */
export interface RefusalOutcome {
  reason: string;
  message: string;
}

/**
 * One request the emulator answered, as the inspector shows it: all of it masked (a card number
 * 6 + 4, a CVV as stars, the payload as its length), a long body cut.
 */
export interface LoggedRequest {
  /** Increasing; `before=ID` pages to older ones. */
  id: number;
  /** ISO time it was answered. */
  at: string;
  method: string;
  path: string;
  operation?: string;
  login?: string;
  /** Order ids the request or its reply names (the merchant's and the gateway's). */
  orders: string[];
  status: number;
  request: RequestToShow;
  reply: { status: number; body: string };
  /** `pending` until the diagnosis queue reaches it; `skipped` when the body is over the diagnosis cap. */
  diagnosis: 'none' | 'pending' | 'done' | 'skipped';
  /** Why it was refused (absent when it was answered 2xx). */
  causes?: RefusalCause[];
  /** The base string the gateway computes for it, masked, when the diagnosis could build one. */
  expectedBaseString?: string;
  /** The diagnosis engine's verdict, once diagnosed. */
  verdict?: string;
}

/** Which requests {@link RequestLog.list} returns. */
export interface RequestFilter {
  refused?: boolean;
  operation?: string;
  login?: string;
  order?: string;
  /** Only requests older than this id. */
  before?: number;
  /** Default 50, at most 500. */
  limit?: number;
}

export interface RequestLog {
  /** Records an answered request and its reply, with why it was refused when it was. Never waits. */
  record(
    request: { method: string; url: string; headers: Headers; body: string | undefined },
    reply: { status: number; body: string },
    outcome?: RefusalOutcome,
  ): void;
  /** Requests matching the filter, newest first, and how many were dropped as the oldest. */
  list(filter?: RequestFilter): { requests: LoggedRequest[]; dropped: number };
  /** Called with each new or newly diagnosed request (the console's live updates). Returns the unsubscribe. */
  subscribe(listener: (entry: LoggedRequest) => void): () => void;
  /** Resolves when the diagnosis queue is empty (tests, shutdown). */
  idle(): Promise<void>;
  /** The newest kept request signed with this `oauth_signature`, once its diagnosis is done. */
  find(signature: string): Promise<LoggedRequest | undefined>;
  /**
   * Checks a kept request again, as it was received (unmasked: those bytes stay in the emulator),
   * with the keys the emulator holds for its merchant, at the time it was received; the answer is
   * masked. `undefined` when the request is no longer kept for checking (the newest are).
   */
  check(id: number): Promise<EntryCheck | undefined>;
  /** Diagnoses a request the emulator has not seen (or no longer keeps), with what it knows, within the budget. */
  diagnoseNow(request: {
    method: string;
    url: string;
    authorization: string | null;
    body: string;
  }): Promise<{ causes: RefusalCause[]; verdict?: string; expectedBaseString?: string }>;
}

/** What {@link RequestLog.check} finds: the diagnosis engine's verdict, masked. */
export interface EntryCheck {
  id: number;
  verdict: string;
  signatureMethod?: string;
  causes: RefusalCause[];
  expectedBaseString?: string;
}

export interface RequestLogOptions {
  merchants: MerchantRegistry;
  publicOrigin: string | undefined;
  pathPrefix: string;
  timestampWindowSeconds: number;
  now: () => number;
  /** Most bytes kept for all requests together (the oldest go first). Default 64 MiB. */
  maxBytes?: number;
}

/** The default byte budget: at least 10,000 requests even when each is at its per-request cap. */
export const DEFAULT_REQUEST_LOG_BYTES: number = 64 * 1024 * 1024;
/** Most bytes of the newest requests kept as received, for {@link RequestLog.check}: never shown, never written. */
const CHECKABLE_MAX_BYTES = 8 * 1024 * 1024;
/** Most characters of a request's or reply's body kept (masked); the rest is cut and counted. */
const SHOWN_BODY_CHARS = 2048;
/** Bodies over this are not diagnosed (the diagnosis would cost more than it tells). */
export const DIAGNOSIS_MAX_BODY_BYTES: number = 256 * 1024;
/** Most bytes of bodies waiting for a diagnosis; a refused request beyond it is not diagnosed. */
const QUEUE_MAX_BYTES = 4 * 1024 * 1024;
/** The diagnosis budget per request: layouts and bytes of base strings. */
const DIAGNOSIS_BUDGET = { maxVariants: 400, maxBaseStringBytes: 4 * 1024 * 1024 } as const;

// The emulator's and the verifier's reasons, named as the diagnosis names them.
const CODES: Readonly<Record<string, string>> = { replayed_nonce: 'nonce_reused' };

// The emulator wants the OAuth parameters in the header: a request without one that carries them in
// its body is refused for that (the code the diagnosis gives it too).
function causeCode(outcome: RefusalOutcome, authorization: string | null, pairs: ReadonlyArray<readonly [string, string]>): string {
  if (outcome.reason === 'missing_parameter' && authorization === null && pairs.some(([name]) => name === 'oauth_signature')) return 'oauth_in_body_only';
  return CODES[outcome.reason] ?? outcome.reason;
}

const cut = (text: string): string => (text.length <= SHOWN_BODY_CHARS ? text : `${text.slice(0, SHOWN_BODY_CHARS)}… [${text.length} characters in all]`);

// Cut before masking (masking a 1 MiB body on the request path would cost more than the request):
// the digits, separators and percent-escapes at the cut are dropped too, so a card number or CVV
// the cut splits leaves no unmasked piece of 12 digits or fewer behind.
const cutRaw = (text: string): string =>
  text.length <= SHOWN_BODY_CHARS
    ? text
    : `${text.slice(0, SHOWN_BODY_CHARS).replace(/(?:[0-9 +._/-]|%[0-9A-Fa-f]{0,2})+$/, '')}… [${text.length} characters in all]`;

function sizeOf(entry: LoggedRequest): number {
  let size = 256 + entry.path.length + entry.request.url.length + entry.request.body.length + entry.reply.body.length + (entry.expectedBaseString?.length ?? 0);
  for (const value of Object.values(entry.request.headers)) size += value.length + 32;
  for (const cause of entry.causes ?? []) size += cause.message.length + 32;
  return size * 2;
}

// setImmediate where the runtime has it (Node, Bun, Deno), else a zero timeout (workerd, browsers).
const nextTurn = (task: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(task);
  else setTimeout(task, 0);
};

interface Job {
  entry: LoggedRequest;
  method: string;
  url: string;
  authorization: string | null;
  body: string;
  now: number;
}

/**
 * The emulator's request inspector: every request it answered (but the console's and the admin
 * API's), masked as {@link redactRequest} shows a request, bounded in bytes (the oldest dropped and
 * counted). A request refused for its signature is diagnosed once, off the request path: a queue
 * bounded in bytes, worked one request per `setImmediate` turn, each with a budget of layouts,
 * bodies over 256 KiB not at all; the page and the JSON route only read what is there.
 *
 * @example
 * ```ts
 * const log = createRequestLog({ merchants, publicOrigin: undefined, pathPrefix: '/payment', now, timestampWindowSeconds: 300 });
 * log.record({ method: 'POST', url, headers: request.headers, body }, { status: 403, body: '' }, { reason: 'invalid_signature', message });
 * await log.idle();
 * log.list({ refused: true }).requests[0]?.causes; // [{ code: 'wrong_key', message: '...' }]
 * ```
 */
export function createRequestLog(options: RequestLogOptions): RequestLog {
  const maxBytes = options.maxBytes ?? DEFAULT_REQUEST_LOG_BYTES;
  const entries: LoggedRequest[] = [];
  const sizes: number[] = [];
  const signatures: (string | undefined)[] = [];
  const bySignature = new Map<string, LoggedRequest>();
  let head = 0;
  let bytes = 0;
  let dropped = 0;
  let nextId = 0;
  const queue: Job[] = [];
  let queuedBytes = 0;
  let working = false;
  let idleWaiters: Array<() => void> = [];
  const listeners = new Set<(entry: LoggedRequest) => void>();
  // The newest requests as received (insertion order is id order), for check(): bounded in bytes.
  const checkable = new Map<number, Job>();
  let checkableBytes = 0;
  const keepCheckable = (job: Job): void => {
    const size = job.body.length + job.url.length + (job.authorization?.length ?? 0);
    if (size > DIAGNOSIS_MAX_BODY_BYTES) return;
    checkable.set(job.entry.id, job);
    checkableBytes += size;
    for (const [id, old] of checkable) {
      if (checkableBytes <= CHECKABLE_MAX_BYTES) break;
      checkable.delete(id);
      checkableBytes -= old.body.length + old.url.length + (old.authorization?.length ?? 0);
    }
  };
  const notify = (entry: LoggedRequest): void => {
    for (const listener of listeners) listener(entry);
  };

  function keep(entry: LoggedRequest, signature: string | undefined): void {
    const size = sizeOf(entry);
    entries.push(entry);
    sizes.push(size);
    signatures.push(signature);
    if (signature !== undefined) bySignature.set(signature, entry);
    bytes += size;
    while (bytes > maxBytes && entries.length - head > 1) {
      bytes -= sizes[head] as number;
      const gone = signatures[head];
      if (gone !== undefined && bySignature.get(gone) === entries[head]) bySignature.delete(gone);
      head++;
      dropped++;
    }
    // Compact now and then, so the arrays do not grow for ever.
    if (head > 1024 && head * 2 > entries.length) {
      entries.splice(0, head);
      sizes.splice(0, head);
      signatures.splice(0, head);
      head = 0;
    }
  }

  async function diagnose(job: Job): Promise<{ signatureMethod?: string }> {
    const { entry } = job;
    const login = entry.login;
    const merchant = login === undefined ? undefined : options.merchants.get(login);
    const received = new URL(job.url);
    const url = options.publicOrigin === undefined ? job.url : `${options.publicOrigin}${received.pathname}${received.search}`;
    const endpointId = matchOperationPath(received.pathname, options.pathPrefix)?.endpointId;
    try {
      const { controlKey, publicKeys } = merchant?.account ?? {};
      const diagnosis = await explainRequest({
        method: job.method,
        url,
        ...(job.authorization !== null && { authorization: job.authorization }),
        body: job.body,
        ...(controlKey !== undefined && { controlKey }),
        ...(publicKeys?.[0] !== undefined && { publicKey: publicKeys[0] }),
        now: job.now,
        timestampWindowSeconds: options.timestampWindowSeconds,
        facts: { merchant: merchant === undefined ? null : { endpointIds: merchant.account.endpointIds }, ...(endpointId !== undefined && { endpointId }) },
        ...DIAGNOSIS_BUDGET,
      });
      entry.verdict = diagnosis.verdict;
      if (diagnosis.causes.length > 0) entry.causes = diagnosis.causes.map((cause) => ({ code: cause.code, message: redactCardData(cause.message) }));
      if (diagnosis.expectedBaseString !== undefined) entry.expectedBaseString = cut(redactBaseString(diagnosis.expectedBaseString));
      entry.diagnosis = 'done';
      return diagnosis.signatureMethod === undefined ? {} : { signatureMethod: diagnosis.signatureMethod };
    } catch {
      // The emulator's own reason stays.
    }
    entry.diagnosis = 'done';
    return {};
  }

  function idle(): Promise<void> {
    return working ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
  }

  function work(): void {
    const job = queue.shift();
    if (job === undefined) {
      working = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
      return;
    }
    queuedBytes -= job.body.length;
    void diagnose(job).then(() => {
      notify(job.entry);
      // One diagnosis per turn of the event loop: requests waiting meanwhile go first.
      nextTurn(work);
    });
  }

  return {
    record(request, reply, outcome) {
      const url = new URL(request.url);
      const authorization = request.headers.get('authorization');
      const body = request.body ?? '';
      const header = headerParams(authorization);
      const pairs = interestingPairs(body);
      const login = header.oauth_consumer_key ?? pairs.find(([name]) => name === 'oauth_consumer_key')?.[1];
      const signature = oauthSignatureOf(authorization, body, header, pairs);
      const replyPairs = parseFormPairsSafe(reply.body.replace(/\n/g, ''));
      const orders = [...pairs, ...replyPairs].filter(([name]) => /order-?_?id$/i.test(name)).map(([, value]) => redactCardData(value));
      const headers: Record<string, string> = {};
      for (const [name, value] of request.headers) if (name !== 'cookie') headers[name] = cutRaw(value);
      const shown = redactRequest({ method: request.method, url: request.url, headers, body: '' });
      const refused = reply.status >= 400;
      const operation = matchOperationPath(url.pathname, options.pathPrefix)?.operation;
      const entry: LoggedRequest = {
        id: ++nextId,
        at: new Date().toISOString(),
        method: shown.method,
        path: redactCardData(url.pathname),
        ...(operation !== undefined && { operation }),
        ...(login !== undefined && { login: redactCardData(login) }),
        orders: [...new Set(orders)],
        status: reply.status,
        request: { ...shown, body: redactFormBody(cutRaw(body)) },
        reply: { status: reply.status, body: redactFormBody(cutRaw(reply.body)) },
        diagnosis: 'none',
        ...(refused && {
          causes: [
            outcome === undefined
              ? { code: 'refused', message: `answered ${reply.status}` }
              : { code: causeCode(outcome, authorization, pairs), message: redactCardData(outcome.message) },
          ],
        }),
      };
      const job: Job = { entry, method: request.method, url: request.url, authorization, body, now: options.now() };
      keepCheckable(job);
      if (refused && outcome?.reason === 'invalid_signature') {
        if (body.length > DIAGNOSIS_MAX_BODY_BYTES || queuedBytes + body.length > QUEUE_MAX_BYTES) entry.diagnosis = 'skipped';
        else {
          entry.diagnosis = 'pending';
          queue.push(job);
          queuedBytes += body.length;
          if (!working) {
            working = true;
            nextTurn(work);
          }
        }
      }
      keep(entry, signature);
      notify(entry);
    },
    list(filter = {}) {
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
      const out: LoggedRequest[] = [];
      for (let i = entries.length - 1; i >= head && out.length < limit; i--) {
        const entry = entries[i] as LoggedRequest;
        if (filter.before !== undefined && entry.id >= filter.before) continue;
        if (filter.refused === true && entry.status < 400) continue;
        if (filter.refused === false && entry.status >= 400) continue;
        if (filter.operation !== undefined && entry.operation !== filter.operation) continue;
        if (filter.login !== undefined && entry.login !== filter.login) continue;
        if (filter.order !== undefined && !entry.orders.includes(filter.order)) continue;
        out.push(entry);
      }
      return { requests: out, dropped };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle,
    async find(signature) {
      const entry = bySignature.get(signature);
      if (entry?.diagnosis === 'pending') await idle();
      return entry;
    },
    async check(id) {
      const job = checkable.get(id);
      if (job === undefined) return undefined;
      // A scratch entry: the kept one keeps what it showed.
      const scratch: LoggedRequest = { ...job.entry, diagnosis: 'pending' };
      delete scratch.causes;
      delete scratch.expectedBaseString;
      const found = await diagnose({ ...job, entry: scratch });
      return {
        id,
        verdict: scratch.verdict ?? 'malformed',
        ...(found.signatureMethod !== undefined && { signatureMethod: found.signatureMethod }),
        causes: scratch.causes ?? [],
        ...(scratch.expectedBaseString !== undefined && { expectedBaseString: scratch.expectedBaseString }),
      };
    },
    async diagnoseNow(request) {
      const entry: LoggedRequest = {
        id: 0,
        at: new Date().toISOString(),
        method: '',
        path: '',
        orders: [],
        status: 0,
        request: { method: '', url: '', headers: {}, body: '' },
        reply: { status: 0, body: '' },
        diagnosis: 'pending',
      };
      const body = request.body.length > DIAGNOSIS_MAX_BODY_BYTES ? undefined : request.body;
      if (body === undefined)
        return { causes: [{ code: 'search_incomplete', message: `the body is over ${DIAGNOSIS_MAX_BODY_BYTES} bytes: not diagnosed here` }] };
      let login: string | undefined;
      try {
        login = request.authorization === null ? undefined : parseAuthorizationHeader(request.authorization).params.oauth_consumer_key;
      } catch {
        login = undefined;
      }
      login ??= parseFormPairsSafe(body).find(([name]) => name === 'oauth_consumer_key')?.[1];
      if (login !== undefined) entry.login = login;
      await diagnose({ entry, method: request.method, url: request.url, authorization: request.authorization, body, now: options.now() });
      return {
        causes: entry.causes ?? [],
        ...(entry.verdict !== undefined && { verdict: entry.verdict }),
        ...(entry.expectedBaseString !== undefined && { expectedBaseString: entry.expectedBaseString }),
      };
    },
  };
}

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
export function oauthSignatureOf(
  authorization: string | null,
  body: string,
  header: Record<string, string> = headerParams(authorization),
  pairs: ReadonlyArray<readonly [string, string]> = interestingPairs(body),
): string | undefined {
  return header.oauth_signature ?? pairs.find(([name]) => name === 'oauth_signature')?.[1];
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

function parseFormPairsSafe(text: string): Array<readonly [string, string]> {
  try {
    return parseFormPairs(text);
  } catch {
    return [];
  }
}
