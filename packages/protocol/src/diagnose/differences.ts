import { splitBaseString } from './base-string-parts.js';

/**
 * Says, element by element, how the base string that was signed differs from the expected one:
 * the method, the URL, and which `name=value` parameters only one of them has.
 *
 * @example
 * ```ts
 * describeDifferences('POST&u&a%3D1', 'POST&u&a%3D2'); // ['parameter expected a=1, signed a=2']
 * ```
 */
export function describeDifferences(expected: string, signed: string): string[] {
  const a = splitBaseString(expected);
  const b = splitBaseString(signed);
  const lines: string[] = [];
  if (a.method !== b.method) lines.push(`method: expected ${a.method}, signed ${b.method}`);
  if (a.uri !== b.uri) lines.push(`URL: expected ${a.uri}, signed ${b.uri}`);
  const onlyExpected = a.parameters.filter((p) => !b.parameters.includes(p));
  const onlySigned = b.parameters.filter((p) => !a.parameters.includes(p));
  if (onlyExpected.length === 1 && onlySigned.length === 1) {
    lines.push(`parameter: expected ${onlyExpected[0]}, signed ${onlySigned[0]}`);
  } else {
    for (const p of onlyExpected) lines.push(`parameter only in the expected base string: ${p}`);
    for (const p of onlySigned) lines.push(`parameter only in the signed base string: ${p}`);
  }
  if (lines.length === 0 && a.parameters.join('&') !== b.parameters.join('&')) {
    lines.push(a.parameters.length === b.parameters.length ? 'the same parameters, in another order' : 'a parameter appears a different number of times');
  }
  return lines;
}
