import { gatewayOperations } from '@paysign/protocol/wire';
import type { GatewayOperation } from '@paysign/protocol';

// Why a path is no operation the emulator plays, in words that name what was called: the
// version of the path, the command, and where the command lives when it is one of the gateway's.

const PLAYED = (Object.keys(gatewayOperations) as GatewayOperation[]).map((name) => `${name} (${gatewayOperations[name].version})`).join(', ');

/** The version and command a path under `{prefix}/api/` names: `v4` and `status` for `/payment/api/v4/status/1234`. */
function commandOf(path: string, pathPrefix: string): { version: string; command: string } | undefined {
  const root = `${pathPrefix}/api/`;
  if (!path.startsWith(root)) return undefined;
  const match = /^(v[0-9]{1,3})\/(.+)\/[^/]+$/.exec(path.slice(root.length));
  if (match === null) return undefined;
  return { version: match[1] as string, command: match[2] as string };
}

/**
 * The cause of a 404 for a path that is no operation: the command and version it names and
 * where that command is played (or that it is not played at all), else where operations live.
 *
 * @example
 * ```ts
 * unknownRouteCause('POST', '/payment/api/v4/status/1', '/payment');
 * // 'the emulator does not play the command status (v4): it plays update-recurring-payments (v4), pan-eligibility/send (v2), transfer (v4)'
 * ```
 */
export function unknownRouteCause(method: string, path: string, pathPrefix: string): string {
  const named = commandOf(path, pathPrefix);
  if (named === undefined) return `no operation at ${path}: check the base URL and the path (${pathPrefix}/api/{version}/{command}/{endpoint id})`;
  const known = gatewayOperations[named.command as GatewayOperation];
  if (known !== undefined && known.version !== named.version)
    return `no operation at ${path}: ${named.command} is ${known.version}, not ${named.version} (${pathPrefix}/api/${known.version}/${named.command}/{endpoint id})`;
  if (known !== undefined) return `no operation at ${path}: ${named.command} (${named.version}) takes POST, not ${method}`;
  return `the emulator does not play the command ${named.command} (${named.version}): it plays ${PLAYED}`;
}
