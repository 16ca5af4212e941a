import { parseAuthorizationHeader } from '@paysign/oauth-core';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import type { GatewayRequest } from '../request/gateway-request.js';
import { DIAGNOSIS_MAX_BODY_BYTES, DiagnosisQueue, diagnose } from './request-diagnosis.js';
import { KeptRequest, parseFormPairsSafe } from './request-entry.js';
import { RequestRing } from './request-ring.js';
import type { LoggedRequest, RefusalCause, RefusalOutcome, RequestFilter } from './logged-request.js';

export { DIAGNOSIS_MAX_BODY_BYTES } from './request-diagnosis.js';
export { oauthSignatureOf } from './request-entry.js';

export type { LoggedRequest, RefusalCause, RefusalOutcome, RequestFilter } from './logged-request.js';

export interface RequestLog {
  /** Records an answered request and its reply, with why it was refused when it was. Never waits. */
  record(request: GatewayRequest, body: string | undefined, reply: { status: number; body: string }, outcome?: RefusalOutcome): void;
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
  /**
   * Most bytes kept for all requests together, as received, shown and indexed (the oldest go
   * first): the emulator's `maxRequestLogBytes`.
   */
  maxBytes: number;
}

/**
 * The emulator's request inspector: every request it answered (but the console's and the admin
 * API's), bounded in bytes of what it holds (the oldest dropped and counted), each kept once, as
 * received, for the inspector, the diagnosis and the check, masked once, when first shown
 * (src/console/request-entry.ts). A request refused for its signature is diagnosed once, off the
 * request path (src/console/request-diagnosis.ts); the page and the JSON route only read what is there.
 *
 * @example
 * ```ts
 * const log = createRequestLog({ merchants, publicOrigin: undefined, pathPrefix: '/payment', now, timestampWindowSeconds: 300, maxBytes: 16 * 1024 * 1024 });
 * log.record(fromFetchRequest(request), body, { status: 403, body: '' }, { reason: 'invalid_signature', message });
 * await log.idle();
 * log.list({ refused: true }).requests[0]?.causes; // [{ code: 'wrong_key', message: '...' }]
 * ```
 */
export function createRequestLog(options: RequestLogOptions): RequestLog {
  const ring = new RequestRing(options.maxBytes, options.pathPrefix);
  const listeners = new Set<(entry: LoggedRequest) => void>();
  const notify = (entry: LoggedRequest): void => {
    for (const listener of listeners) listener(entry);
  };
  // A diagnosis grows its entry's view: counted again before the listeners hear of it.
  const queue = new DiagnosisQueue(options, (entry, kept) => {
    ring.remeasure(kept);
    notify(entry);
  });
  let nextId = 0;
  return {
    record(request, body, reply, outcome) {
      const received = {
        id: ++nextId,
        method: request.method,
        url: request.url,
        authorization: request.header('authorization'),
        body: body ?? '',
        now: options.now(),
        wholeBodyUpTo: DIAGNOSIS_MAX_BODY_BYTES,
      };
      const kept = new KeptRequest(ring.texts, request, received, reply, outcome);
      ring.keep(kept);
      if (reply.status >= 400 && outcome?.reason === 'invalid_signature') queue.add({ ...received, login: kept.login }, kept, ring.view(kept));
      // Masked only when someone is watching (a console's live updates).
      if (listeners.size > 0) notify(ring.view(kept));
    },
    list: (filter = {}) => ({ requests: ring.list(filter), dropped: ring.dropped }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: () => queue.idle(),
    async find(signature) {
      const kept = ring.bySignature(signature);
      const entry = kept === undefined ? undefined : ring.view(kept);
      if (entry?.diagnosis === 'pending') await queue.idle();
      return entry;
    },
    async check(id) {
      const job = ring.byId(id)?.received();
      if (job === undefined) return undefined;
      const found = await diagnose(options, job);
      return {
        id,
        verdict: found.verdict ?? 'malformed',
        ...(found.signatureMethod !== undefined && { signatureMethod: found.signatureMethod }),
        causes: found.causes,
        ...(found.expectedBaseString !== undefined && { expectedBaseString: found.expectedBaseString }),
      };
    },
    async diagnoseNow(request) {
      if (request.body.length > DIAGNOSIS_MAX_BODY_BYTES)
        return { causes: [{ code: 'search_incomplete', message: `the body is over ${DIAGNOSIS_MAX_BODY_BYTES} bytes: not diagnosed here` }] };
      const found = await diagnose(options, { ...request, login: loginOf(request.authorization, request.body), now: options.now() });
      return {
        causes: found.causes,
        ...(found.verdict !== undefined && { verdict: found.verdict }),
        ...(found.expectedBaseString !== undefined && { expectedBaseString: found.expectedBaseString }),
      };
    },
  };
}

function loginOf(authorization: string | null, body: string): string | undefined {
  try {
    const login = authorization === null ? undefined : parseAuthorizationHeader(authorization).params.oauth_consumer_key;
    if (login !== undefined) return login;
  } catch {
    // Read from the body instead.
  }
  return parseFormPairsSafe(body).find(([name]) => name === 'oauth_consumer_key')?.[1];
}
