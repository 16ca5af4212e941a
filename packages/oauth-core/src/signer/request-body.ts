import { parseFormPairs } from '../base-string/query.js';
import { type OAuthErrorCode, type OAuthErrorSource, refuse } from '../errors.js';
import type { Parameter } from '../parameters/collect.js';
import type { HashName } from '../types.js';

/**
 * Whether `oauth_body_hash` (draft-eaton-oauth-bodyhash-00) is sent for a body that is not a form,
 * and with which digest: `false` for none. Unset, the digest follows the signature method: SHA-1
 * for HMAC-SHA1, RSA-SHA1 and PLAINTEXT (the draft), SHA-256 for *-SHA256, SHA-512 for *-SHA512.
 *
 * @example
 * ```ts
 * const options: BodyHashOption = 'SHA-256'; // Mastercard's convention, whatever the method
 * await signer.sign({ url, body: '{"amount":"10.00"}', contentType: 'application/json', bodyHash: false });
 * ```
 */
export type BodyHashOption = false | HashName;

/** The media type of a form body (RFC 5849 §3.4.1.3.1). */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

// A field value (RFC 9110 §5.5) of visible characters and spaces: nothing that could end the header.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]+$/;

/**
 * A request's body as the signer reads it: none (the form of `params`, if any), a form whose
 * pairs are signed (§3.4.1.3.1), or a body that is sent as given and signed by its hash.
 */
export type RequestBody =
  | { kind: 'none' }
  | { kind: 'form'; given: string | Uint8Array; text: string; pairs: Parameter[]; contentType: string }
  | { kind: 'raw'; given: string | Uint8Array; contentType: string };

const NONE: RequestBody = { kind: 'none' };

/** True when a Content-Type names the form media type, in any case and whatever its parameters (`; charset=utf-8`). */
export function isFormType(contentType: string): boolean {
  return contentType.split(';', 1)[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** An option or request member that is absent or one of `allowed`; any other is refused with `code`. */
export function oneOf<T>(value: unknown, allowed: readonly T[], field: string, source: OAuthErrorSource, code?: OAuthErrorCode): T | undefined {
  if (value === undefined || allowed.includes(value as T)) return value as T | undefined;
  return refuse(field, `${field} must be one of ${allowed.join(', ')}`, source, code);
}

/** The values of {@link BodyHashOption}. */
export const BODY_HASHES: readonly BodyHashOption[] = [false, 'SHA-1', 'SHA-256', 'SHA-512'];

/**
 * Reads `body` and `contentType` of one request. A body needs its `contentType` (it decides
 * whether the body is a form or is hashed); GET and HEAD carry none; `params` and `body` are
 * two ways to give the body, so not both.
 *
 * @throws {OAuthError} `INVALID_PARAMETER` naming `body`, `contentType` or `params`;
 *   `INVALID_STRING` for a form body that is not UTF-8 or a string body with a lone surrogate.
 */
export function readRequestBody(method: string, body: unknown, contentType: unknown, hasParams: boolean): RequestBody {
  if (contentType !== undefined && !(typeof contentType === 'string' && HEADER_VALUE.test(contentType))) {
    refuse('contentType', 'contentType must be a header value');
  }
  if (body === undefined) {
    if (contentType !== undefined && !isFormType(contentType)) refuse('contentType', 'contentType needs a body (params are sent as a form)');
    return NONE;
  }
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) refuse('body', 'body must be a string or a Uint8Array');
  if (method === 'GET' || method === 'HEAD') refuse('body', `${method} has no body`);
  if (contentType === undefined) refuse('contentType', 'a body needs its contentType');
  if (hasParams) refuse('params', 'pass params or body, not both');
  let text = body as string;
  try {
    if (!isFormType(contentType)) {
      // A string is hashed as its UTF-8: one with a lone surrogate has none.
      if ((text as { isWellFormed?: () => boolean }).isWellFormed?.() === false) throw 0;
      return { kind: 'raw', given: body, contentType };
    }
    if (typeof body !== 'string') text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    refuse('body', 'body must be UTF-8', 'request', 'INVALID_STRING');
  }
  return { kind: 'form', given: body, text, pairs: parseFormPairs(text), contentType };
}
