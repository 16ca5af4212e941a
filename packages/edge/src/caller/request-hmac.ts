import { nonceExpiry, OAUTH_TIMESTAMP_PATTERN, type NonceStore } from '@paysign/oauth-core/webcrypto';
import { isStaleNonce } from '../stores/stale-nonce.js';

/**
 * The header that carries the caller's Unix time in seconds.
 *
 * @example
 * ```ts
 * import { signCallerRequest, TIMESTAMP_HEADER } from '@paysign/edge';
 *
 * const headers = await signCallerRequest({ secret, url, body });
 * headers[TIMESTAMP_HEADER]; // '1767225600': Unix seconds, checked against the proxy's window
 * ```
 */
export const TIMESTAMP_HEADER = 'Paysign-Timestamp';
/**
 * The header that carries the caller's HMAC-SHA256, as 64 lowercase hex digits.
 *
 * @example
 * ```ts
 * import { SIGNATURE_HEADER, signCallerRequest } from '@paysign/edge';
 *
 * const headers = await signCallerRequest({ secret, url, body });
 * headers[SIGNATURE_HEADER]; // 64 lowercase hex digits
 * ```
 */
export const SIGNATURE_HEADER = 'Paysign-Signature';

const VERSION = 'paysign-edge-v1';
const HEX = /^[0-9a-f]{64}$/;
const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * The bytes a caller MACs: a version tag, the timestamp, the method, the path with its query,
 * each on its own line, then the body bytes exactly as sent. The host is left out on purpose:
 * the proxy may be reached under several names, and the path already fixes the operation.
 */
export function callerMessage(timestamp: string, method: string, pathAndQuery: string, body: Uint8Array): Uint8Array {
  const head = encoder.encode(`${VERSION}\n${timestamp}\n${method.toUpperCase()}\n${pathAndQuery}\n`);
  const message = new Uint8Array(head.length + body.length);
  message.set(head);
  message.set(body, head.length);
  return message;
}

function importKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += (byte < 16 ? '0' : '') + byte.toString(16);
  return hex;
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * What a back end signs when it calls the proxy with a shared HMAC secret.
 *
 * @example
 * ```ts
 * import { signCallerRequest, type CallerRequest } from '@paysign/edge';
 *
 * const body = 'client-order-id=order-1&sending-card-ref-id=ref-9';
 * const request: CallerRequest = { secret: process.env.PROXY_HMAC_SECRET!, url: 'https://proxy.example/payment/api/v2/pan-eligibility/send/1234', body };
 * const headers = await signCallerRequest(request);
 * await fetch(request.url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
 * ```
 */
export interface CallerRequest {
  /** The shared secret (one of the proxy's `callers.hmacSecrets`). */
  secret: string;
  /** HTTP method; default `POST`. */
  method?: string;
  /** The proxy URL the request goes to (only its path and query are signed). */
  url: string | URL;
  /** The body exactly as it will be sent. */
  body?: string | Uint8Array;
  /** Unix seconds; default now. */
  timestamp?: number;
}

/**
 * Signs a back end's request to the proxy: returns the `Paysign-Timestamp` and
 * `Paysign-Signature` headers to send with it. Works on Node 20+, Deno, Bun and edge runtimes.
 *
 * @example
 * ```ts
 * const body = new URLSearchParams({ 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' }).toString();
 * const url = 'https://pay-proxy.example.workers.dev/payment/api/v2/pan-eligibility/send/1234';
 * const headers = await signCallerRequest({ secret: process.env.PROXY_HMAC_SECRET!, url, body });
 * await fetch(url, { method: 'POST', body, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' } });
 * ```
 */
export async function signCallerRequest(request: CallerRequest): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const timestamp = String(request.timestamp ?? Math.floor(Date.now() / 1000));
  const body = typeof request.body === 'string' ? encoder.encode(request.body) : (request.body ?? new Uint8Array(0));
  const message = callerMessage(timestamp, request.method ?? 'POST', url.pathname + url.search, body);
  const key = await importKey(request.secret, 'sign');
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message as Uint8Array<ArrayBuffer>));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: toHex(mac) };
}

/**
 * The one nonce-store scope of every signed caller request: the same for every secret and every
 * position in `callers.hmacSecrets`, so that a rotation never splits the record of a signature.
 */
export const CALLER_HMAC_SCOPE = 'caller-hmac';

/** How the proxy checks caller signatures. */
export interface HmacCheckOptions {
  secrets: readonly string[];
  windowSeconds: number;
  nonceStore: NonceStore;
  now: () => number;
}

/**
 * The outcome of a caller-signature check; `reason` is safe to show the caller. `unavailable`:
 * the replay store could not answer, so the request is refused (fail closed) but not as a bad caller.
 */
export type HmacCheckResult = { ok: true } | { ok: false; reason: string; unavailable?: true };

/** Checks a request's caller signature. */
export type HmacCheck = (headers: Headers, method: string, pathAndQuery: string, body: Uint8Array) => Promise<HmacCheckResult>;

/**
 * Prepares the caller-signature check: the timestamp must lie within `windowSeconds` of the
 * proxy's clock (whole seconds), the MAC must verify under one of the secrets (crypto.subtle.verify
 * compares in constant time), and a signature is accepted once per nonce store: it is remembered
 * until `nonceExpiry(timestamp, windowSeconds)`, past the last instant its timestamp can pass, so
 * a captured request cannot be replayed into a second payment. The record is the same whichever
 * secret, at whichever position, verified it ({@link CALLER_HMAC_SCOPE}), so a proxy configured
 * `OLD,NEW` and one configured `NEW` refuse each other's copies during a rotation. A store that
 * throws refuses the request (fail closed).
 */
export function createHmacCheck(options: HmacCheckOptions): HmacCheck {
  let keys: Promise<CryptoKey[]> | undefined;
  return async (headers, method, pathAndQuery, body) => {
    const timestamp = headers.get(TIMESTAMP_HEADER) ?? '';
    const signature = (headers.get(SIGNATURE_HEADER) ?? '').toLowerCase();
    if (!OAUTH_TIMESTAMP_PATTERN.test(timestamp)) return { ok: false, reason: `${TIMESTAMP_HEADER} must be the Unix time in whole seconds` };
    if (!HEX.test(signature)) return { ok: false, reason: `${SIGNATURE_HEADER} must be 64 hex digits (HMAC-SHA256)` };
    const now = Math.floor(options.now());
    const stale = { ok: false, reason: `${TIMESTAMP_HEADER} is more than ${options.windowSeconds} s from the proxy's clock` } as const;
    if (Math.abs(now - Number(timestamp)) > options.windowSeconds) return stale;
    keys ??= Promise.all(options.secrets.map((secret) => importKey(secret, 'verify')));
    const message = callerMessage(timestamp, method, pathAndQuery, body) as Uint8Array<ArrayBuffer>;
    const mac = fromHex(signature);
    // Every key is tried, without an early exit, so the time taken does not tell which one matched.
    let matched = false;
    for (const key of await keys) matched = (await crypto.subtle.verify('HMAC', key, mac, message)) || matched;
    if (!matched) return { ok: false, reason: `${SIGNATURE_HEADER} does not match the request` };
    // Remembered for as long as the timestamp can pass the check above, at every fraction of a
    // second (oauth-core's nonceExpiry: ts + window + 1, exclusive), under one scope whichever
    // secret verified it: a scope per secret (or per position) let a proxy with `OLD,NEW` and one
    // with `NEW` each accept the same request once during a rotation.
    let fresh: boolean | 'full';
    try {
      fresh = await options.nonceStore.remember(signature, nonceExpiry(Number(timestamp), options.windowSeconds), CALLER_HMAC_SCOPE);
    } catch (error) {
      // The store's clock says the timestamp is out of the window: refused as stale, as above.
      if (isStaleNonce(error)) return stale;
      return { ok: false, reason: 'the replay store did not answer; the request was not forwarded, retry shortly', unavailable: true };
    }
    if (fresh === true) return { ok: true };
    return { ok: false, reason: fresh === 'full' ? 'too many signed requests in the window; retry shortly' : 'this signed request was already used' };
  };
}
