import type { ResolvedOptions } from '../options.js';
import type { Refusal } from '../reply/json-error.js';
import { createBearerCheck } from './bearer-token.js';
import { createHmacCheck, SIGNATURE_HEADER } from './request-hmac.js';

/** Authenticates one caller request; `undefined` means it may go on. */
export type Authenticate = (request: Request, url: URL, body: Uint8Array) => Promise<Refusal | undefined>;

/**
 * Prepares caller authentication. A request that carries `Paysign-Signature` is checked as a
 * signed request, any other by its bearer token; each way works only when it is configured.
 */
export function createAuthenticator(options: ResolvedOptions): Authenticate {
  const bearer = options.bearerTokens.length > 0 ? createBearerCheck(options.bearerTokens) : undefined;
  const hmac =
    options.hmacSecrets.length > 0
      ? createHmacCheck({ secrets: options.hmacSecrets, windowSeconds: options.hmacWindowSeconds, nonceStore: options.nonceStore, now: options.now })
      : undefined;
  const challenge: Record<string, string> = {
    'WWW-Authenticate': [bearer && 'Bearer realm="paysign-edge"', hmac && 'Paysign-HMAC-SHA256'].filter(Boolean).join(', '),
  };
  const ways = [bearer && 'Authorization: Bearer <token>', hmac && 'Paysign-Timestamp and Paysign-Signature headers'].filter(Boolean).join(' or ');
  const refuse = (message: string): Refusal => ({ code: 'UNAUTHENTICATED', message, headers: challenge });

  return async (request, url, body) => {
    if (hmac && request.headers.has(SIGNATURE_HEADER)) {
      const result = await hmac(request.headers, request.method, url.pathname + url.search, body);
      if (result.ok) return undefined;
      return result.unavailable ? { code: 'REPLAY_STORE_UNAVAILABLE', message: result.reason, headers: { 'Retry-After': '1' } } : refuse(result.reason);
    }
    if (bearer) {
      const outcome = await bearer(request.headers.get('authorization'));
      if (outcome === 'ok') return undefined;
      if (outcome === 'wrong') return refuse('the bearer token is not accepted');
    }
    return refuse(`authentication required: send ${ways}`);
  };
}
