import type { Verifier } from '@paysign/oauth-core';
import { matchOperationPath } from '@paysign/protocol/wire';
import { lengthOverCap } from '@paysign/protocol/io';
import type { OperationName, RefusalReason } from '../log.js';
import type { RegisteredMerchant } from '../merchants/merchant-account.js';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import { countFormParameters } from './count-parameters.js';
import { decodeFormBody } from './decode-form-body.js';
import type { GatewayRequest } from './gateway-request.js';
import { formMediaType } from './media-type.js';
import { precheckAuthorization } from './pre-check.js';
import { unknownRouteCause } from './route-hint.js';

/**
 * Why a request was refused, as a stable code: the emulator's reason under the names the log,
 * the request log and `paysign explain` share (`nonce_reused` for oauth-core's `replayed_nonce`).
 * A signature that does not verify is `invalid_signature` here; its cause (`wrong_key`,
 * `url_host`, ...) is found later, off the request path.
 */
export type RefusalCode = Exclude<RefusalReason, 'replayed_nonce'> | 'nonce_reused';

/** A request the checks refused: what to answer, and why, for the log and the request log. */
export interface Refusal {
  accepted: false;
  status: 400 | 403 | 404 | 413 | 415;
  reason: RefusalReason;
  code: RefusalCode;
  message: string;
  /** The body as decoded by its charset, once it was read (from step 5 on): the diagnosis and the request log read it. */
  body?: string;
}

/** A request that passed every check: who sent it, to which operation and endpoint, with which parameters. */
export interface Admission {
  accepted: true;
  operation: OperationName;
  endpointId: string;
  merchant: RegisteredMerchant;
  login: string;
  /** The operation parameters (query and body, decoded, `oauth_*` removed), in order. */
  params: readonly (readonly [string, string])[];
  /** The body as decoded by its charset (the request log reads it). */
  body: string;
}

/** What {@link createRequestChecks}' function answers for one request. */
export type RequestOutcome = Admission | Refusal;

export interface RequestCheckOptions {
  merchants: MerchantRegistry;
  verifier: Verifier;
  pathPrefix: string;
  publicOrigin: string | undefined;
  now: () => number;
  timestampWindowSeconds: number;
  maxBodyBytes: number;
  maxParameters: number;
}

const CODES: Partial<Record<RefusalReason, RefusalCode>> = { replayed_nonce: 'nonce_reused' };

function refuse(status: Refusal['status'], reason: RefusalReason, message: string, body?: string): Refusal {
  return { accepted: false, status, reason, code: CODES[reason] ?? (reason as RefusalCode), message, ...(body !== undefined && { body }) };
}

/**
 * The checks of an operation request, cheapest first, each on what the ones before let through:
 *
 * 1. a POST to an operation path of the protocol's table under the prefix (404 `unknown_route`, its
 *    cause naming the command and version called: src/request/route-hint.ts);
 * 2. `Content-Type` absent or a form in UTF-8 or ISO-8859-1 (415 `unsupported_media_type`);
 * 3. `Content-Length` within the body cap (413 `body_too_large`);
 * 4. the `Authorization` header alone: present and readable, a timestamp inside the window, a
 *    registered login (403 with the verifier's reason: `stale_timestamp`, `unknown_consumer`, ...);
 * 5. the body, read with a running count (413), decoded by its charset; no body without a `Content-Type` (415);
 * 6. its parameters counted with the query's (400 `too_many_parameters`);
 * 7. the signature and the nonce, by oauth-core's verifier (403 `invalid_signature`, `nonce_reused`, ...);
 * 8. the endpoint assigned to the login (403 `endpoint_not_assigned`).
 *
 * The function answers the outcome and does nothing else: the emulator logs it, answers it and
 * hands an admission to its operation.
 *
 * @example
 * ```ts
 * const check = createRequestChecks({ merchants, verifier, pathPrefix: '/payment', publicOrigin: undefined, now, timestampWindowSeconds: 300, maxBodyBytes, maxParameters: 128 });
 * const outcome = await check(fromFetchRequest(request));
 * if (!outcome.accepted) console.error(outcome.status, outcome.code);
 * ```
 */
export function createRequestChecks(options: RequestCheckOptions): (request: GatewayRequest) => Promise<RequestOutcome> {
  const { merchants, verifier, maxBodyBytes, maxParameters } = options;
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const matched = request.method === 'POST' ? matchOperationPath(path, options.pathPrefix) : undefined;
    if (matched === undefined) return refuse(404, 'unknown_route', unknownRouteCause(request.method, path, options.pathPrefix));

    const mediaType = formMediaType(request.header('content-type'));
    if (mediaType === 'unsupported')
      return refuse(415, 'unsupported_media_type', 'Content-Type must be application/x-www-form-urlencoded, with charset UTF-8 or ISO-8859-1 if any');
    if (lengthOverCap(request.header('content-length'), maxBodyBytes))
      return refuse(413, 'body_too_large', `Content-Length is over the ${maxBodyBytes}-byte cap`);

    const precheck = precheckAuthorization(request.header('authorization'), {
      isKnown: (login) => merchants.get(login) !== undefined,
      now: options.now(),
      windowSeconds: options.timestampWindowSeconds,
    });
    if (!precheck.ok) return refuse(403, precheck.reason, precheck.message);

    const bytes = await request.readBody(maxBodyBytes);
    if (bytes === undefined) return refuse(413, 'body_too_large', `the body is over the ${maxBodyBytes}-byte cap`);
    const text = decodeFormBody(bytes, mediaType === 'iso-8859-1' ? 'iso-8859-1' : 'utf-8');
    if (mediaType === 'absent' && bytes.length > 0) return refuse(415, 'unsupported_media_type', 'a body was sent without a Content-Type', text);

    if (countFormParameters([url.search.slice(1), text], maxParameters) > maxParameters) {
      return refuse(400, 'too_many_parameters', `the request has more than ${maxParameters} parameters`, text);
    }

    const result = await verifier.verify({
      method: request.method,
      url: options.publicOrigin === undefined ? url : `${options.publicOrigin}${path}${url.search}`,
      authorization: request.header('authorization'),
      body: mediaType === 'absent' ? null : text,
    });
    if (!result.ok) return refuse(403, result.reason, result.message, text);

    const merchant = merchants.get(result.consumerKey);
    if (!merchant?.account.endpointIds.includes(matched.endpointId)) {
      return refuse(403, 'endpoint_not_assigned', `endpoint ${matched.endpointId} is not assigned to merchant ${result.consumerKey}`, text);
    }
    return {
      accepted: true,
      operation: matched.operation,
      endpointId: matched.endpointId,
      merchant,
      login: result.consumerKey,
      params: result.params,
      body: text,
    };
  };
}
