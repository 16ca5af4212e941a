import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { matchOperationPath, redactCardData } from '@paysign/spec';
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
  body: string;
  diagnosis?: Promise<Pick<LoggedRequest, 'causes' | 'expectedBaseString'>>;
}

export interface RequestLog {
  /** Records an answered request (the body as the emulator read it, or '' when it had none). */
  record(request: { method: string; url: string; authorization: string | null; body: string }, status: number): void;
  /** The newest `limit` requests, newest first, each refused one with its diagnosis. */
  newest(limit: number): Promise<LoggedRequest[]>;
}

export interface RequestLogOptions {
  merchants: MerchantRegistry;
  pathPrefix: string;
  publicOrigin: string | undefined;
  now: () => number;
  timestampWindowSeconds: number;
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

/**
 * The emulator's request log for the console: a ring of the last requests. The diagnosis of a
 * refused one is `paysign explain`'s engine run on the full request the emulator received (with
 * the merchant's key, the emulator's clock and window), plus what explain cannot see: an unknown
 * merchant, an endpoint not assigned, a nonce used before. Only masked text leaves it.
 *
 * @example
 * ```ts
 * const log = createRequestLog({ merchants, pathPrefix: '/payment', publicOrigin: undefined, now, timestampWindowSeconds: 300, capacity: 200 });
 * log.record({ method: 'POST', url, authorization, body }, 403);
 * (await log.newest(10))[0]?.causes; // [{ code: 'wrong_key', message: '...' }]
 * ```
 */
export function createRequestLog(options: RequestLogOptions): RequestLog {
  const entries: Entry[] = [];
  let seq = 0;

  async function diagnose(entry: Entry): Promise<Pick<LoggedRequest, 'causes' | 'expectedBaseString'>> {
    if (entry.status === 404) {
      return {
        causes: [{ code: 'unknown_route', message: `no operation at ${entry.path}: check the base URL and the path (${options.pathPrefix}/api/v2/...)` }],
      };
    }
    if (entry.status === 413) return { causes: [{ code: 'body_too_large', message: "the body is over the emulator's cap" }] };
    if (entry.status === 415) return { causes: [{ code: 'unsupported_media_type', message: 'Content-Type must be application/x-www-form-urlencoded' }] };
    if (entry.status === 400) return { causes: [{ code: 'too_many_parameters', message: 'the request has more parameters than the emulator accepts' }] };
    if (entry.status !== 403) return { causes: [{ code: 'refused', message: `answered ${entry.status}` }] };
    const login = consumerKeyOf(entry.authorization, entry.body);
    if (login === undefined)
      return { causes: [{ code: 'malformed_request', message: 'the request carries no readable OAuth parameters (Authorization header or form body)' }] };
    const merchant = options.merchants.get(login);
    if (merchant === undefined) {
      return {
        causes: [{ code: 'unknown_merchant', message: `oauth_consumer_key ${login} is no merchant of this emulator: check the login (sandbox vs production)` }],
      };
    }
    const url = options.publicOrigin === undefined ? entry.url : `${options.publicOrigin}${new URL(entry.url).pathname}${new URL(entry.url).search}`;
    const { controlKey, publicKeys } = merchant.account;
    let diagnosis: Awaited<ReturnType<typeof explainRequest>>;
    try {
      diagnosis = await explainRequest({
        method: entry.method,
        url,
        ...(entry.authorization !== null && { authorization: entry.authorization }),
        body: entry.body,
        ...(controlKey !== undefined && { controlKey }),
        ...(publicKeys?.[0] !== undefined && { publicKey: publicKeys[0] }),
        now: entry.now,
        timestampWindowSeconds: options.timestampWindowSeconds,
      });
    } catch {
      return { causes: [{ code: 'signature_method_mismatch', message: `the signature method does not fit the keys merchant ${login} has` }] };
    }
    if (diagnosis.verdict === 'valid') {
      const endpointId = matchOperationPath(entry.path, options.pathPrefix)?.endpointId;
      if (endpointId !== undefined && !merchant.account.endpointIds.includes(endpointId)) {
        return { causes: [{ code: 'endpoint_not_assigned', message: `endpoint ${endpointId} is not assigned to merchant ${login}` }] };
      }
      return {
        causes: [
          {
            code: 'nonce_replayed',
            message: 'the signature is right, but this oauth_nonce was used before: a request is accepted once (send a fresh nonce each time)',
          },
        ],
      };
    }
    return {
      causes: diagnosis.causes.map((cause) => ({ code: cause.code, message: mask(cause.message) })),
      ...(diagnosis.expectedBaseString !== undefined && { expectedBaseString: mask(diagnosis.expectedBaseString) }),
    };
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
        body: request.body,
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
