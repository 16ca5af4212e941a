import type { GatewayOperation } from '@paysign/protocol';
import {
  checkGatewayUrl,
  checkMerchantCredentials,
  describeIssue,
  GatewayValidationError,
  isPositiveWholeNumber,
  type CheckedMerchantCredentials,
  type MerchantCredentials,
} from '@paysign/protocol';
import { DEFAULT_PATH_PREFIX, gatewayOperations } from '@paysign/protocol/wire';
import { createMemoryNonceStore, DEFAULT_TIMESTAMP_WINDOW_SECONDS, type NonceStore } from '@paysign/oauth-core/webcrypto';
import { EdgeError } from './errors.js';
import type { Allowlist } from './request/route.js';
import type { UpstreamFetch } from './upstream/forward.js';
import type { OperationValidator } from './validation/validate-request.js';
import { validateOperation } from './validation/validate-request.js';

// The merchant's credentials are @paysign/protocol's one type, which the gateway client and the CLI use too.
export type { MerchantCredentials } from '@paysign/protocol';

/**
 * How the merchant's own back ends prove who they are; at least one way must be set.
 *
 * @example
 * ```ts
 * import type { CallerAuthOptions } from '@paysign/edge';
 *
 * const callers: CallerAuthOptions = {
 *   bearerTokens: [env.TOKEN_CURRENT, env.TOKEN_PREVIOUS], // rotate without downtime
 *   hmacSecrets: [env.CALLER_HMAC_SECRET],
 *   hmacWindowSeconds: 120,
 * };
 * ```
 */
export interface CallerAuthOptions {
  /** Accepted `Authorization: Bearer` tokens; more than one lets you rotate without downtime. */
  bearerTokens?: readonly string[];
  /** Accepted secrets for requests signed with {@link signCallerRequest} (HMAC-SHA256 with a timestamp). */
  hmacSecrets?: readonly string[];
  /** How far a caller's `Paysign-Timestamp` may be from the proxy's clock, in seconds. Default 300. */
  hmacWindowSeconds?: number;
  /**
   * Where used caller signatures are remembered against replay: a signed request is accepted once
   * per store, whichever of `hmacSecrets` verified it (one scope, `caller-hmac`, for every HMAC
   * caller). Default: this process's (isolate's) memory, 20,000 live signatures for all HMAC callers
   * together, which holds only within one isolate; give a shared store (a Durable Object, Deno KV,
   * Redis) to hold across every instance of the proxy. The platform entries refuse to run HMAC
   * callers without one unless told otherwise (see the README, "What holds where").
   */
  nonceStore?: NonceStore;
}

/**
 * Something the proxy did, for metrics and audit; never holds a secret, a token or a parameter value.
 *
 * @example
 * ```ts
 * import { createSigningProxy, type ProxyEvent } from '@paysign/edge';
 *
 * const log = (event: ProxyEvent) => console.log(event.kind, event.status, event.kind === 'refused' ? event.code : event.operation);
 * const proxy = createSigningProxy({ ...options, log });
 * ```
 */
export type ProxyEvent =
  | { kind: 'refused'; status: number; code: string; operation?: GatewayOperation; endpointId?: string }
  | { kind: 'forwarded'; status: number; operation: GatewayOperation; endpointId: string; stripped: readonly string[] };

/**
 * Everything `createSigningProxy` needs.
 *
 * @example
 * ```ts
 * import { createSigningProxy, type SigningProxyOptions } from '@paysign/edge';
 *
 * const options: SigningProxyOptions = {
 *   gatewayUrl: 'https://sandbox.gate.example',
 *   merchant: { login: 'merchant-login', signatureMethod: 'RSA-SHA256', privateKey: env.PAYSIGN_PRIVATE_KEY },
 *   callers: { bearerTokens: [env.PAYSIGN_CALLER_TOKEN] },
 *   allow: { transfer: ['1234'], 'pan-eligibility/send': ['1234'] },
 *   timeoutMs: 10_000,
 * };
 * export default createSigningProxy(options);
 * ```
 */
export interface SigningProxyOptions {
  /** The gateway base URL the signed requests go to, such as `https://sandbox.gate.example`. `https:` only; plain `http:` only to a loopback host (localhost, 127.0.0.0/8, [::1]), for a local emulator, as the gateway client allows; no credentials, query or fragment. */
  gatewayUrl: string;
  /** The path prefix before `/api/...`, at the gateway and at the proxy. Default `/payment`. */
  pathPrefix?: string;
  /** The merchant's credentials: keep them in the platform's secrets, never in code. */
  merchant: MerchantCredentials;
  /** How callers authenticate. */
  callers: CallerAuthOptions;
  /** The operations and, for each, the endpoint ids callers may reach: `{ transfer: ['1234'] }`. */
  allow: Allowlist;
  /** Largest accepted request body, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long to wait for the gateway's reply, in milliseconds. Default 30,000. */
  timeoutMs?: number;
  /** Also place the `oauth_*` parameters in the body, as the gateway's HMAC example does. Default false. */
  oauthParamsInBody?: boolean;
  /** Checks the wire parameters before signing. Default: @paysign/protocol's check of the operation (`validateOperation`). */
  validate?: OperationValidator;
  /** Sends the signed request. Default `globalThis.fetch`; on Workers, a service binding's `fetch`. */
  fetch?: UpstreamFetch;
  /** The clock, in Unix seconds (caller timestamps and `oauth_timestamp`). Default: `Date.now() / 1000`. */
  now?: () => number;
  /** Receives what the proxy did. Default: nothing is logged. A log that throws is ignored: it never changes an answer. */
  log?: (event: ProxyEvent) => void;
}

/** The options, checked, with every default filled in. */
export interface ResolvedOptions {
  gatewayUrl: string;
  pathPrefix: string;
  merchant: CheckedMerchantCredentials;
  bearerTokens: readonly string[];
  hmacSecrets: readonly string[];
  hmacWindowSeconds: number;
  nonceStore: NonceStore;
  allow: Allowlist;
  maxBodyBytes: number;
  timeoutMs: number;
  oauthParamsInBody: boolean;
  validate: OperationValidator;
  fetch: UpstreamFetch;
  now: () => number;
  log: (event: ProxyEvent) => void;
}

function invalid(message: string): never {
  throw new EdgeError('INVALID_OPTIONS', message);
}

function secrets(value: readonly string[] | undefined, name: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) invalid(`${name} must be an array of strings`);
  // A short shared secret can be guessed online; 32 characters is a 128-bit random token in hex.
  if (value.some((item: string) => item.length < 32)) invalid(`${name}: every secret must be at least 32 characters`);
  return [...value];
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!isPositiveWholeNumber(value)) invalid(`${name} must be a positive whole number`);
  return value;
}

function checkAllowlist(allow: Allowlist): Allowlist {
  if (allow === null || typeof allow !== 'object') invalid('allow must map operations to endpoint ids');
  const copy: Partial<Record<GatewayOperation, readonly string[]>> = {};
  for (const [operation, endpointIds] of Object.entries(allow)) {
    if (!Object.hasOwn(gatewayOperations, operation)) {
      invalid(`allow: ${operation} is not a gateway operation (one of ${Object.keys(gatewayOperations).join(', ')})`);
    }
    if (!Array.isArray(endpointIds) || endpointIds.length === 0 || endpointIds.some((id) => typeof id !== 'string' || id === '')) {
      invalid(`allow.${operation} must be a non-empty array of endpoint ids`);
    }
    copy[operation as GatewayOperation] = [...(endpointIds as string[])];
  }
  if (Object.keys(copy).length === 0) invalid('allow must name at least one operation');
  return copy;
}

// The protocol's one check of merchant credentials, its issues said as this package's option errors.
function checkMerchant(merchant: MerchantCredentials): CheckedMerchantCredentials {
  try {
    return checkMerchantCredentials(merchant, 'merchant');
  } catch (error) {
    if (error instanceof GatewayValidationError) invalid(error.issues.map((issue) => describeIssue(issue)).join('; '));
    throw error;
  }
}

// The protocol's one gateway URL rule, as the client's baseUrl reads it: https, or plain http to a
// loopback host only; no credentials, query or fragment.
function gatewayUrlOf(value: string): string {
  const issues = checkGatewayUrl(value, 'gatewayUrl');
  if (issues.length > 0) invalid(issues.map((issue) => describeIssue(issue)).join('; '));
  return new URL(value).href.replace(/\/+$/, '');
}

// A log that throws must never change an answer: after forwarding, the gateway's reply must reach
// the caller whatever the log sink does.
function quiet(log: ((event: ProxyEvent) => void) | undefined): (event: ProxyEvent) => void {
  if (log === undefined) return () => undefined;
  return (event) => {
    try {
      log(event);
    } catch {
      // dropped: the event is lost, the reply is not
    }
  };
}

/** Checks the options and fills in the defaults; the messages name the option, never a secret's value. */
export function resolveOptions(options: SigningProxyOptions): ResolvedOptions {
  if (options === null || typeof options !== 'object') invalid('options must be an object');
  const bearerTokens = secrets(options.callers?.bearerTokens, 'callers.bearerTokens');
  const hmacSecrets = secrets(options.callers?.hmacSecrets, 'callers.hmacSecrets');
  if (bearerTokens.length === 0 && hmacSecrets.length === 0) {
    invalid('callers must set bearerTokens or hmacSecrets: the proxy never signs for anonymous callers');
  }
  const now = options.now ?? (() => Date.now() / 1000);
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  return {
    gatewayUrl: gatewayUrlOf(options.gatewayUrl),
    pathPrefix: options.pathPrefix ?? DEFAULT_PATH_PREFIX,
    merchant: checkMerchant(options.merchant),
    bearerTokens,
    hmacSecrets,
    hmacWindowSeconds: positive(options.callers.hmacWindowSeconds, DEFAULT_TIMESTAMP_WINDOW_SECONDS, 'callers.hmacWindowSeconds'),
    // Per isolate: 20,000 live signatures (each lives window + 1 s), all in the one scope of HMAC callers.
    nonceStore: options.callers.nonceStore ?? createMemoryNonceStore({ maxEntries: 20_000, maxEntriesPerScope: 20_000, now }),
    allow: checkAllowlist(options.allow),
    maxBodyBytes: positive(options.maxBodyBytes, 1024 * 1024, 'maxBodyBytes'),
    timeoutMs: positive(options.timeoutMs, 30_000, 'timeoutMs'),
    oauthParamsInBody: options.oauthParamsInBody ?? false,
    validate: options.validate ?? validateOperation,
    fetch,
    now,
    log: quiet(options.log),
  };
}
