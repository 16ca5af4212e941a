import { operationUrl } from '@paysign/protocol/wire';
import { signingKeyFor, type GatewayOperation, type MerchantSignatureMethod } from '@paysign/protocol';
import { readCappedBytes } from '@paysign/protocol/io';
import { createSigner, OAuthError, type Signer } from '@paysign/oauth-core/webcrypto';
import { createAuthenticator } from './caller/authenticate.js';
import { resolveOptions, type ResolvedOptions, type SigningProxyOptions } from './options.js';
import { errorResponse, STATUS, type Refusal } from './reply/json-error.js';
import { mediaType, readFormParameters, type CallerParameters } from './request/form-parameters.js';
import { route, type AllowedRoute } from './request/route.js';
import { forward } from './upstream/forward.js';
import { replyHeaders } from './upstream/reply-headers.js';

/**
 * The reply header that counts the distinct `oauth_*` parameter names the proxy took out of a
 * request (body and query), as a decimal number; absent when there were none. It carries a
 * number the proxy made, never caller text; the names themselves go to the `forwarded` log event.
 *
 * @example
 * ```ts
 * import { STRIPPED_HEADER } from '@paysign/edge';
 *
 * const reply = await fetch(proxyUrl, { method: 'POST', headers, body });
 * const stripped = reply.headers.get(STRIPPED_HEADER); // e.g. 'oauth_nonce': caller parameters the proxy took out
 * ```
 */
export const STRIPPED_HEADER = 'Paysign-Stripped';

/**
 * A WinterCG fetch handler that signs gateway requests for authenticated callers.
 *
 * @example
 * ```ts
 * import { createSigningProxy, type SigningProxy } from '@paysign/edge';
 *
 * const proxy: SigningProxy = createSigningProxy(options);
 * export default proxy; // a Workers module handler as is; or Deno.serve((request) => proxy.fetch(request))
 * ```
 */
export interface SigningProxy {
  /** Answers one request: the gateway's reply, or a JSON error. `env` and `ctx` are accepted and unused, so the proxy is a Workers module handler as is. */
  fetch(request: Request, env?: unknown, ctx?: unknown): Promise<Response>;
}

function isRefusal(value: object): value is Refusal {
  return 'code' in value && typeof (value as Refusal).code === 'string' && (value as Refusal).code in STATUS;
}

// The operation's method and key (@paysign/protocol's rule: the documented method when its key is there).
function createMerchantSigner(options: ResolvedOptions, operation: GatewayOperation): Signer {
  const { merchant } = options;
  return createSigner({
    consumerKey: merchant.login,
    oauthParamsInBody: options.oauthParamsInBody,
    timestamp: () => Math.floor(options.now()),
    ...signingKeyFor(merchant, operation),
  });
}

// The caller's query: the gateway's operations take none, so anything but oauth_* (which is
// stripped like the body's) is refused rather than dropped.
function readQuery(url: URL): CallerParameters | Refusal {
  const query = readFormParameters(new TextEncoder().encode(url.search.slice(1)));
  if (query.params.length === 0) return query;
  return {
    code: 'VALIDATION_FAILED',
    message: "the gateway's operations take no query parameters: send them in the form body",
    issues: query.params.map(([name]) => ({ field: name, rule: 'query-parameter', message: `${name} must be sent in the form body, not the query` })),
  };
}

/**
 * Creates the signing proxy: a fetch handler that keeps the merchant's control key or private
 * key and signs gateway requests for the merchant's own back ends. Each request goes through, in
 * order: POST only (405), a size limit (413), caller authentication (401), the operation path
 * and the allowlist (404, 403), a form body (415, 400), the gateway's rules (422); only then is
 * it signed with oauth-core's WebCrypto adapter and sent to `gatewayUrl`, and the gateway's
 * reply is streamed back as it came. Callers' `Authorization` headers and `oauth_*` parameters
 * never reach the signer.
 *
 * @throws {EdgeError} `INVALID_OPTIONS` for unusable options (the message never quotes a secret).
 * @example
 * ```ts
 * const proxy = createSigningProxy({
 *   gatewayUrl: 'https://sandbox.gate.example',
 *   merchant: { login: 'merchant-login', signatureMethod: 'HMAC-SHA1', controlKey: env.PAYSIGN_CONTROL_KEY },
 *   callers: { bearerTokens: [env.PAYSIGN_CALLER_TOKEN] },
 *   allow: { 'pan-eligibility/send': ['1234'], transfer: ['1234'] },
 * });
 * export default { fetch: proxy.fetch };
 * ```
 */
export function createSigningProxy(options: SigningProxyOptions): SigningProxy {
  const resolved = resolveOptions(options);
  const authenticate = createAuthenticator(resolved);
  // The key is imported on first use: a misconfigured key then answers 500 without taking the
  // whole worker down at start-up, and cold starts do not pay for an import nobody needs.
  const signers: Partial<Record<MerchantSignatureMethod, Signer>> = {};

  function refuse(refusal: Refusal, where?: AllowedRoute): Response {
    resolved.log({ kind: 'refused', status: STATUS[refusal.code], code: refusal.code, ...where });
    return errorResponse(refusal);
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return refuse({ code: 'METHOD_NOT_ALLOWED', message: "the gateway's operations are POST only", headers: { Allow: 'POST' } });
    }
    const body = await readCappedBytes(request, resolved.maxBodyBytes);
    if (body === undefined) return refuse({ code: 'PAYLOAD_TOO_LARGE', message: `the body is larger than ${resolved.maxBodyBytes} bytes` });
    const url = new URL(request.url);
    const unauthenticated = await authenticate(request, url, body);
    if (unauthenticated) return refuse(unauthenticated);

    const target = route(url.pathname, resolved.pathPrefix, resolved.allow);
    if (isRefusal(target)) return refuse(target);
    if (body.length > 0 && mediaType(request.headers.get('content-type')) !== 'application/x-www-form-urlencoded') {
      return refuse({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'the body must be application/x-www-form-urlencoded, as the gateway takes it' }, target);
    }
    let form: CallerParameters;
    let query: CallerParameters | Refusal;
    try {
      form = readFormParameters(body);
      query = readQuery(url);
    } catch {
      return refuse({ code: 'MALFORMED_REQUEST', message: 'the form body or query has a malformed percent escape or is not UTF-8' }, target);
    }
    if (form.badOAuthName || (!isRefusal(query) && query.badOAuthName)) {
      return refuse(
        {
          code: 'MALFORMED_REQUEST',
          message:
            'an oauth_* parameter name may hold only ASCII letters, digits and _, at most 64 after oauth_ (the proxy sets the protocol parameters itself)',
        },
        target,
      );
    }
    if (isRefusal(query)) return refuse(query, target);
    const issues = resolved.validate(target.operation, form.params);
    if (issues.length > 0) {
      return refuse({ code: 'VALIDATION_FAILED', message: `the request breaks the gateway spec for ${target.operation}`, issues }, target);
    }

    let signed;
    const method = resolved.merchant.signatureMethods[target.operation];
    try {
      const signer = (signers[method] ??= createMerchantSigner(resolved, target.operation));
      signed = await signer.sign({ url: operationUrl(resolved.gatewayUrl, target.operation, target.endpointId, resolved.pathPrefix), params: form.params });
    } catch (error) {
      delete signers[method];
      // OAuthError messages name the rule and never the key; anything else is not repeated at all.
      const detail = error instanceof OAuthError ? `${error.code}: ${error.message}` : 'the signer failed';
      return refuse({ code: 'PROXY_MISCONFIGURED', message: `the proxy cannot sign with its merchant credentials (${detail})` }, target);
    }

    const { reply, refusal } = await forward(signed, resolved.fetch, resolved.timeoutMs);
    if (refusal) return refuse(refusal, target);
    return deliver(reply, target, [...new Set([...query.stripped, ...form.stripped])]);
  }

  // From here the gateway may have executed the request (a transfer): nothing may keep its reply
  // from the caller. Every step that could throw is guarded; the last resort is the reply as it came.
  function deliver(reply: Response, target: AllowedRoute, stripped: readonly string[]): Response {
    resolved.log({ kind: 'forwarded', status: reply.status, operation: target.operation, endpointId: target.endpointId, stripped });
    try {
      const headers = replyHeaders(reply.headers, reply.status);
      if (stripped.length > 0) headers.set(STRIPPED_HEADER, String(stripped.length));
      return new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers });
    } catch {
      return reply;
    }
  }

  return { fetch: (request) => handle(request) };
}
