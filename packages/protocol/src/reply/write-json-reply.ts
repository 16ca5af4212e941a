// The fields the gateway family writes as JSON numbers (docs/reference/response-format.md:
// numeric `error-code`, numeric `paynet-order-id` in v4 replies); everything else stays a string.
const NUMERIC_FIELDS = new Set(['error-code', 'paynet-order-id']);
// Digits are copied as written, never through Number, so an id beyond 2^53 keeps every digit.
const INTEGER = /^-?(?:0|[1-9]\d*)$/;

/**
 * Encodes a reply as the gateway's JSON variant: one object with the same names, in the same
 * order, as the form reply; `error-code` and `paynet-order-id` as JSON numbers when they are
 * integers, every other value a string.
 *
 * @throws {TypeError} when a name appears twice: a JSON object would keep only one of the values.
 * @example
 * ```ts
 * encodeGatewayJsonReply([['type', 'validation-error'], ['error-message', 'amount: is required'], ['error-code', '400']]);
 * // '{"type":"validation-error","error-message":"amount: is required","error-code":400}'
 * ```
 */
export function encodeGatewayJsonReply(pairs: readonly (readonly [string, string])[]): string {
  const seen = new Set<string>();
  const members = pairs.map(([name, value]) => {
    if (seen.has(name)) throw new TypeError(`reply field ${name} is given twice; a JSON reply holds one value per name`);
    seen.add(name);
    return `${JSON.stringify(name)}:${NUMERIC_FIELDS.has(name) && INTEGER.test(value) ? value : JSON.stringify(value)}`;
  });
  return `{${members.join(',')}}`;
}
