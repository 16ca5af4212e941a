/**
 * The gateway's operations and where they live. The version is part of the path (spec,
 * "Versioning"): v4 for update-recurring-payments and transfer, v2 for pan-eligibility/send.
 *
 * @example
 * ```ts
 * import { gatewayOperations } from '@paysign/protocol/wire';
 *
 * gatewayOperations.transfer.version; // 'v4'
 * gatewayOperations['pan-eligibility/send'].version; // 'v2'
 * ```
 */
export const gatewayOperations = {
  'update-recurring-payments': { version: 'v4', name: 'update-recurring-payments' },
  'pan-eligibility/send': { version: 'v2', name: 'pan-eligibility/send' },
  transfer: { version: 'v4', name: 'transfer' },
} as const;

/**
 * The name of one gateway operation, as it appears in the path.
 *
 * @example
 * ```ts
 * import type { GatewayOperation } from '@paysign/protocol';
 *
 * const operation: GatewayOperation = 'update-recurring-payments';
 * ```
 */
export type GatewayOperation = keyof typeof gatewayOperations;

/**
 * The default path prefix: `{base_url}/payment/api/...` in every example of the spec.
 *
 * @example
 * ```ts
 * import { DEFAULT_PATH_PREFIX, operationPath } from '@paysign/protocol/wire';
 *
 * operationPath('transfer', '1234', DEFAULT_PATH_PREFIX); // '/payment/api/v4/transfer/1234'
 * ```
 */
export const DEFAULT_PATH_PREFIX = '/payment';

/**
 * The path of a command below the base URL: `pathPrefix + '/api/' + version + '/' + command + '/' + endpointId`,
 * for one of the {@link gatewayOperations} (its version from the table) or for any command of the
 * gateway given with its version (`{ name: 'status', version: 'v4' }`): one path rule for both.
 * The endpoint id is percent-encoded as one path segment; the command is written as given (the
 * gateway client checks a caller's command name before it gets here).
 *
 * @example
 * ```ts
 * operationPath('pan-eligibility/send', '1234'); // '/payment/api/v2/pan-eligibility/send/1234'
 * operationPath({ name: 'status', version: 'v4' }, '1234'); // '/payment/api/v4/status/1234'
 * ```
 */
export function operationPath(
  operation: GatewayOperation | { readonly name: string; readonly version: string },
  endpointId: string,
  pathPrefix: string = DEFAULT_PATH_PREFIX,
): string {
  const { version, name } = typeof operation === 'string' ? gatewayOperations[operation] : operation;
  return `${trimSlashes(pathPrefix)}/api/${version}/${name}/${encodeURIComponent(endpointId)}`;
}

/**
 * The full URL of a command: the base URL (its own path kept, a trailing `/` dropped) followed
 * by {@link operationPath}.
 *
 * @example
 * ```ts
 * operationUrl('https://sandbox.gate.example', 'transfer', '1234');
 * // 'https://sandbox.gate.example/payment/api/v4/transfer/1234'
 * operationUrl('https://sandbox.gate.example', { name: 'create-recurring-payments', version: 'v4' }, '1234');
 * // 'https://sandbox.gate.example/payment/api/v4/create-recurring-payments/1234'
 * ```
 */
export function operationUrl(
  baseUrl: string,
  operation: GatewayOperation | { readonly name: string; readonly version: string },
  endpointId: string,
  pathPrefix: string = DEFAULT_PATH_PREFIX,
): string {
  return baseUrl.replace(/\/+$/, '') + operationPath(operation, endpointId, pathPrefix);
}

/**
 * A request path read back into its operation and endpoint id.
 *
 * @example
 * ```ts
 * import { matchOperationPath } from '@paysign/protocol/wire';
import { type MatchedOperationPath } from '@paysign/protocol';
 *
 * const matched: MatchedOperationPath | undefined = matchOperationPath('/payment/api/v4/transfer/1234');
 * // { operation: 'transfer', endpointId: '1234' }
 * ```
 */
export interface MatchedOperationPath {
  operation: GatewayOperation;
  endpointId: string;
}

/**
 * Reads a request path (as a server sees it) back into the operation and endpoint id, or returns
 * `undefined` when it is none of the gateway's operations at the right version. For servers and
 * emulators that route the same paths the client sends to.
 *
 * @example
 * ```ts
 * matchOperationPath('/payment/api/v4/update-recurring-payments/1234');
 * // { operation: 'update-recurring-payments', endpointId: '1234' }
 * matchOperationPath('/payment/api/v4/pan-eligibility/send/1234'); // undefined: it is v2
 * ```
 */
export function matchOperationPath(pathname: string, pathPrefix: string = DEFAULT_PATH_PREFIX): MatchedOperationPath | undefined {
  const prefix = `${trimSlashes(pathPrefix)}/api/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const rest = pathname.slice(prefix.length);
  for (const operation of Object.keys(gatewayOperations) as GatewayOperation[]) {
    const { version, name } = gatewayOperations[operation];
    const head = `${version}/${name}/`;
    if (!rest.startsWith(head)) continue;
    const segment = rest.slice(head.length);
    if (segment === '' || segment.includes('/')) return undefined;
    let endpointId: string;
    try {
      endpointId = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    return { operation, endpointId };
  }
  return undefined;
}

function trimSlashes(prefix: string): string {
  const inner = prefix.replace(/^\/+|\/+$/g, '');
  return inner === '' ? '' : `/${inner}`;
}
