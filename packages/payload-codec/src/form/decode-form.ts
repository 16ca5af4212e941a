import { OAuthError } from '@paysign/oauth-core';
import { formDecode, parseFormPairs } from '@paysign/oauth-core/encoding';
import { CodecError } from '../errors.js';

/**
 * Reads an `application/x-www-form-urlencoded` body (the gateway's responses): `&`-separated
 * pairs, the name before the first `=`, `+` as a space, `%XX` escapes of UTF-8. Every pair is
 * kept, duplicates included, in body order; a pair without `=` has the empty value.
 *
 * @throws {CodecError} `INVALID_FORM_ENCODING` for a malformed `%` escape or escaped bytes that
 *   are not UTF-8, naming the pair (never its text).
 * @example
 * ```ts
 * decodeForm('type=validation-error&error-message=Invalid+amount&error-code=200');
 * // [['type', 'validation-error'], ['error-message', 'Invalid amount'], ['error-code', '200']]
 * ```
 */
export function decodeForm(body: string): [string, string][] {
  if (typeof body !== 'string') throw new CodecError('INVALID_FORM_ENCODING', 'the form body must be a string');
  try {
    // parseFormPairs returns fresh arrays; only their declared type is readonly.
    return parseFormPairs(body) as [string, string][];
  } catch (error) {
    if (error instanceof OAuthError) throw locateBadPair(body, error);
    throw error;
  }
}

function locateBadPair(body: string, cause: OAuthError): CodecError {
  const segments = body.split('&').filter((segment) => segment !== '');
  for (const [index, segment] of segments.entries()) {
    const eq = segment.indexOf('=');
    const name = eq === -1 ? segment : segment.slice(0, eq);
    for (const [part, text] of [['name', name], ['value', eq === -1 ? '' : segment.slice(eq + 1)]] as const) {
      try {
        formDecode(text);
      } catch {
        return new CodecError(
          'INVALID_FORM_ENCODING',
          `the ${part} of pair ${index + 1} has a malformed %-escape or escapes bytes that are not UTF-8`,
          {},
          { cause },
        );
      }
    }
  }
  return new CodecError('INVALID_FORM_ENCODING', 'the form body has a malformed %-escape or escapes bytes that are not UTF-8', {}, { cause });
}
