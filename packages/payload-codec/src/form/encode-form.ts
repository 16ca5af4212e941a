import { OAuthError, percentEncode, type ParameterInput } from '@paysign/oauth-core';
import { collectParameters, type Parameter } from '@paysign/oauth-core/encoding';
import { CodecError } from '../errors.js';

/**
 * Writes an `application/x-www-form-urlencoded` body with RFC 3986 percent-encoding (RFC 5849
 * §3.6: UTF-8, everything but `A-Z a-z 0-9 - . _ ~` as `%XX`, a space as `%20`), in the given
 * order. It is the encoding the OAuth signature base string uses, so the bytes sent are the bytes
 * signed, and every form decoder reads them back.
 *
 * @throws {CodecError} `INVALID_PARAMETER` for a value that is not a string, number or boolean;
 *   `INVALID_STRING` for a name or value with a lone UTF-16 surrogate.
 * @example
 * ```ts
 * encodeForm({ payload: 'Y2l0eQ0KS8O2bG4NCg==' }); // 'payload=Y2l0eQ0KS8O2bG4NCg%3D%3D'
 * encodeForm([['city', 'São Paulo'], ['a', '1+1']]); // 'city=S%C3%A3o%20Paulo&a=1%2B1'
 * ```
 */
export function encodeForm(params: ParameterInput): string {
  let pairs: Parameter[];
  try {
    pairs = collectParameters(params);
  } catch (error) {
    if (error instanceof OAuthError) throw new CodecError('INVALID_PARAMETER', error.message, {}, { cause: error });
    throw error;
  }
  return pairs.map(([name, value], index) => `${encodePart(name, index, 'name')}=${encodePart(value, index, 'value')}`).join('&');
}

function encodePart(text: string, index: number, part: 'name' | 'value'): string {
  try {
    return percentEncode(text);
  } catch (error) {
    if (error instanceof OAuthError) {
      throw new CodecError(
        'INVALID_STRING',
        `the ${part} of parameter ${index + 1} holds a lone UTF-16 surrogate, which has no UTF-8 form`,
        {},
        { cause: error },
      );
    }
    throw error;
  }
}
