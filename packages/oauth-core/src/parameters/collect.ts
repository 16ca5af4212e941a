import { OAuthError } from '../errors.js';
import type { ParameterInput, ParameterValue } from '../types.js';

/**
 * One request parameter, decoded: a name and a value as the application means them.
 *
 * @example
 * ```ts
 * import { collectParameters, type Parameter } from '@paysign/oauth-core/encoding';
 *
 * const params: Parameter[] = collectParameters({ amount: 10, tag: ['a', 'b'] });
 * // [['amount', '10'], ['tag', 'a'], ['tag', 'b']]
 * ```
 */
export type Parameter = readonly [name: string, value: string];

/** `INVALID_PARAMETER`, naming no source: the signer or verifier that called says where. */
function invalid(message: string): never {
  throw new OAuthError('INVALID_PARAMETER', message);
}

function toText(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') {
    return String(value);
  }
  return invalid(`parameter "${field}" must be a string, finite number or boolean`);
}

/**
 * Turns any {@link ParameterInput} into an ordered list of `[name, value]` string pairs: record
 * arrays become repeated names, numbers and booleans become their `String()` form, `undefined`
 * record members are left out. Anything else is refused, never silently stringified.
 *
 * @throws {OAuthError} `INVALID_PARAMETER` for a value that is not a string, number or boolean.
 * @example
 * ```ts
 * collectParameters({ a: 1, b: ['x', 'y'] }); // [['a', '1'], ['b', 'x'], ['b', 'y']]
 * collectParameters(new URLSearchParams('a=1&a=2')); // [['a', '1'], ['a', '2']]
 * ```
 */
export function collectParameters(input: ParameterInput | undefined): Parameter[] {
  const out: Parameter[] = [];
  if (input === undefined || input === null) return out;
  if (typeof input !== 'object') {
    invalid('parameters must be pairs or a record');
  }
  if (typeof (input as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function') {
    for (const pair of input as Iterable<unknown>) {
      if (!Array.isArray(pair) || pair.length !== 2) {
        invalid('each parameter must be a [name, value] pair');
      }
      const name = toText(pair[0], 'name');
      const value = toText(pair[1], name);
      // A pair of two strings is kept as given (no copy): nothing here or in the signer writes to it.
      out.push(name === pair[0] && value === pair[1] ? (pair as unknown as Parameter) : [name, value]);
    }
    return out;
  }
  for (const name of Object.keys(input)) {
    const value = (input as Record<string, ParameterValue | readonly ParameterValue[] | undefined>)[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) out.push([name, toText(item, name)]);
    } else {
      out.push([name, toText(value, name)]);
    }
  }
  return out;
}
