import type { GatewayOperation } from '@paysign/protocol';
import { matchOperationPath } from '@paysign/protocol/wire';
import type { Refusal } from '../reply/json-error.js';

/**
 * Which endpoint ids each operation may be called for; an operation left out is refused.
 *
 * @example
 * ```ts
 * import type { Allowlist } from '@paysign/edge';
 *
 * // Transfers for one endpoint only; update-recurring-payments for two; pan-eligibility/send refused.
 * const allow: Allowlist = { transfer: ['1234'], 'update-recurring-payments': ['1234', '5678'] };
 * ```
 */
export type Allowlist = Partial<Readonly<Record<GatewayOperation, readonly string[]>>>;

/** A request the allowlist lets through. */
export interface AllowedRoute {
  operation: GatewayOperation;
  endpointId: string;
}

/**
 * Reads the operation and endpoint id from the path (the gateway's own paths, so a back end
 * points its base URL at the proxy and changes nothing else) and checks them against the
 * allowlist: 404 for a path that is no operation, 403 for one that is not allowed.
 */
export function route(pathname: string, pathPrefix: string, allow: Allowlist): AllowedRoute | Refusal {
  const matched = matchOperationPath(pathname, pathPrefix);
  if (!matched) {
    return { code: 'UNKNOWN_OPERATION', message: `no gateway operation has the path ${pathname}` };
  }
  const endpoints = Object.hasOwn(allow, matched.operation) ? allow[matched.operation] : undefined;
  if (endpoints === undefined) {
    return { code: 'OPERATION_NOT_ALLOWED', message: `this proxy does not sign ${matched.operation}` };
  }
  if (!endpoints.includes(matched.endpointId)) {
    return { code: 'ENDPOINT_NOT_ALLOWED', message: `this proxy does not sign ${matched.operation} for endpoint ${matched.endpointId}` };
  }
  return matched;
}
