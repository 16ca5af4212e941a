import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { redactCardData } from '@paysign/protocol';
import { explainRequest } from '../explain/explain-request.js';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';

/** Why the console says a request was refused: explain's codes, and the emulator's own for what explain cannot see. */
export interface RefusalCause {
  code: string;
  message: string;
}

/** One request the emulator answered, as the console shows it: all of it masked (PAN first 6 + last 4, CVV as stars). */
export interface LoggedRequest {
  seq: number;
  /** ISO time it was answered. */
  at: string;
  method: string;
  path: string;
  status: number;
  /** Why it was refused (empty when it was answered 2xx), computed when the console first shows it. */
  causes?: RefusalCause[];
  /** The base string the gateway computes for it, masked, when explain could build one. */
  expectedBaseString?: string;
}

/** Why the emulator refused a request, as it knew at the time: its reason and message, and the body when it read one. */
export interface RefusalOutcome {
  reason: string;
  message: string;
  /** The body as read, for a signature that did not verify (explain needs it). */
  body?: string;
}

interface Entry {
  seq: number;
  at: string;
  method: string;
  url: string;
  path: string;
  status: number;
  /** The emulator's clock when it was answered, in Unix seconds (the timestamp window is checked at that time). */
  now: number;
  authorization: string | null;
  outcome: RefusalOutcome | undefined;
  diagnosis?: Promise<Pick<LoggedRequest, 'causes' | 'expectedBaseString'>>;
}

export interface RequestLog {
  /** Records an answered request, with why it was refused when it was. */
  record(request: { method: string; url: string; authorization: string | null } & Partial<RefusalOutcome>, status: number): void;
  /** The newest `limit` requests, newest first, each refused one with its diagnosis. */
  newest(limit: number): Promise<LoggedRequest[]>;
}

export interface RequestLogOptions {
  merchants: MerchantRegistry;
  publicOrigin: string | undefined;
  timestampWindowSeconds: number;
  now: () => number;
  /** How many requests are kept (the oldest go first). */
  capacity: number;
}

const mask = (text: string): string => redactCardData(text);

/** The consumer key a request names, in its header or its form body. */
function consumerKeyOf(authorization: string | null, body: string): string | undefined {
  try {
    if (authorization !== null) return parseAuthorizationHeader(authorization).params.oauth_consumer_key;
  } catch {
    return undefined;
  }
  return parseFormPairs(body).find(([name]) => name === 'oauth_consumer_key')?.[1];
}

// The verifier's and the emulator's reasons, named as the console names them.
const CODES: Record<string, string> = { unknown_consumer: 'unknown_merchant', replayed_nonce: 'replayed_nonce' };

/**
 * The emulator's request log for the console: a ring of the last requests. A refused one shows
 * the emulator's reason (an unknown merchant, an endpoint not assigned, a nonce used before, a
 * stale timestamp, a path that is no operation); for a signature that does not verify, the causes
 * `paysign explain`'s engine finds on the full request received (the merchant's key, the
 * emulator's clock and window), computed when first shown. Only masked text leaves it.
 *
 * @example
 * ```ts
 * const log = createRequestLog({ merchants, publicOrigin: undefined, now, timestampWindowSeconds: 300, capacity: 200 });
 * log.record({ method: 'POST', url, authorization, reason: 'invalid_signature', message, body }, 403);
 * (await log.newest(10))[0]?.causes; // [{ code: 'wrong_key', message: '...' }]
 * ```
 */
export function createRequestLog(options: RequestLogOptions): RequestLog {
  const entries: Entry[] = [];
  let seq = 0;

  async function diagnose(entry: Entry): Promise<Pick<LoggedRequest, 'causes' | 'expectedBaseString'>> {
    const outcome = entry.outcome;
    if (outcome === undefined) return { causes: [{ code: 'refused', message: `answered ${entry.status}` }] };
    const plain = { causes: [{ code: CODES[outcome.reason] ?? outcome.reason, message: mask(outcome.message) }] };
    // A signature that does not verify: why, as paysign explain finds it on the request received.
    if (outcome.reason !== 'invalid_signature' || outcome.body === undefined) return plain;
    const merchant = options.merchants.get(consumerKeyOf(entry.authorization, outcome.body) ?? '');
    if (merchant === undefined) return plain;
    const received = new URL(entry.url);
    const url = options.publicOrigin === undefined ? entry.url : `${options.publicOrigin}${received.pathname}${received.search}`;
    const { controlKey, publicKeys } = merchant.account;
    try {
      const diagnosis = await explainRequest({
        method: entry.method,
        url,
        ...(entry.authorization !== null && { authorization: entry.authorization }),
        body: outcome.body,
        ...(controlKey !== undefined && { controlKey }),
        ...(publicKeys?.[0] !== undefined && { publicKey: publicKeys[0] }),
        now: entry.now,
        timestampWindowSeconds: options.timestampWindowSeconds,
      });
      if (diagnosis.causes.length === 0) return plain;
      return {
        causes: diagnosis.causes.map((cause) => ({ code: cause.code, message: mask(cause.message) })),
        ...(diagnosis.expectedBaseString !== undefined && { expectedBaseString: mask(diagnosis.expectedBaseString) }),
      };
    } catch {
      return plain;
    }
  }

  return {
    record(request, status) {
      const path = new URL(request.url).pathname;
      entries.push({
        seq: ++seq,
        at: new Date().toISOString(),
        method: request.method,
        url: request.url,
        path,
        status,
        now: options.now(),
        authorization: request.authorization,
        outcome:
          request.reason === undefined
            ? undefined
            : { reason: request.reason, message: request.message ?? '', ...(request.body !== undefined && { body: request.body }) },
      });
      if (entries.length > options.capacity) entries.shift();
    },
    async newest(limit) {
      const shown = entries.slice(-limit).reverse();
      const out: LoggedRequest[] = [];
      for (const entry of shown) {
        if (entry.status >= 400) entry.diagnosis ??= diagnose(entry);
        const diagnosis = entry.status >= 400 ? await (entry.diagnosis as Promise<Pick<LoggedRequest, 'causes' | 'expectedBaseString'>>) : {};
        out.push({ seq: entry.seq, at: entry.at, method: entry.method, path: mask(entry.path), status: entry.status, ...diagnosis });
      }
      return out;
    },
  };
}
