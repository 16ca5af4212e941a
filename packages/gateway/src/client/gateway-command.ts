import type { GatewayOperation, ValidationIssue } from '@paysign/protocol';
import { gatewayOperations } from '@paysign/protocol/wire';

/** A command of the gateway as its path names it: `status`, `create-recurring-payments`, `pan-eligibility/send`. */
export interface GatewayCommand {
  readonly name: string;
  readonly version: string;
}

/** The longest command name taken, in characters (the gateway's are under 40). */
export const MAX_COMMAND_LENGTH = 64;

// One or more path segments of lower-case letters and digits with inner `-` or `_`, joined by `/`:
// nothing that a URL would read differently (`.`, `..`, `%`, `?`, `#`, a space) or that would end
// the path early.
const COMMAND_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_][a-z0-9]+)*)*$/;
const VERSION = /^v[1-9][0-9]{0,2}$/;

/**
 * The command `client.request` sends, read from its `operation` and `options.version`: the name
 * as the path has it and the version (default: the documented one of a wrapped operation, else
 * `v4`), or the issues that refuse them (field `operation` or `options.version`, rule
 * `invalid-request`). The caller's text is never quoted back: it may be anything.
 */
export function readGatewayCommand(operation: unknown, version: unknown): GatewayCommand | ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (typeof operation !== 'string' || operation === '') {
    issues.push({
      field: 'operation',
      rule: 'invalid-request',
      message: "must be the command's name as the path has it, such as status or create-recurring-payments",
    });
  } else if (operation.length > MAX_COMMAND_LENGTH) {
    issues.push({ field: 'operation', rule: 'invalid-request', message: `is longer than ${MAX_COMMAND_LENGTH} characters` });
  } else if (!COMMAND_NAME.test(operation)) {
    issues.push({
      field: 'operation',
      rule: 'invalid-request',
      message: 'must be path segments of lower-case letters and digits, with - or _ inside and / between (such as status or pan-eligibility/send)',
    });
  }
  if (version !== undefined && (typeof version !== 'string' || !VERSION.test(version))) {
    issues.push({ field: 'options.version', rule: 'invalid-request', message: 'must be v followed by a number, such as v4 or v2' });
  }
  if (issues.length > 0) return issues;
  const name = operation as string;
  return { name, version: (version as string | undefined) ?? wrappedOperation(name)?.version ?? 'v4' };
}

/** The wrapped operation a command names, at its documented version: its signature method is the client's for it. */
export function wrappedOperation(name: string, version?: string): { operation: GatewayOperation; version: string } | undefined {
  if (!Object.hasOwn(gatewayOperations, name)) return undefined;
  const operation = name as GatewayOperation;
  const documented = gatewayOperations[operation].version;
  return version === undefined || version === documented ? { operation, version: documented } : undefined;
}
