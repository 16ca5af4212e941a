import { parseFormPairs } from '../base-string/query.js';
import { OAuthError } from '../errors.js';
import { splitOwnPairs } from './split-own-pairs.js';

/**
 * Token credentials (RFC 5849 §2.3) or, read without `temporary`, any credentials reply: the
 * token, its secret, and the reply's other parameters (`extra`: `user_id`, `screen_name`...).
 *
 * @example
 * ```ts
 * const credentials: Credentials = parseCredentials('oauth_token=nnch734d00sl2jdk&oauth_token_secret=pfkkdhi9sl3r4s00');
 * await signer.sign({ method: 'GET', url, token: { key: credentials.token, secret: credentials.tokenSecret } });
 * ```
 */
export interface Credentials {
  /** `oauth_token`. */
  token: string;
  /** `oauth_token_secret`: keep it as secret as a password. */
  tokenSecret: string;
  /** The reply's other parameters, decoded (the first value of a repeated name). */
  extra: Record<string, string>;
}

/**
 * Temporary credentials (RFC 5849 §2.1): a token and secret for the authorization step only, and
 * the server's `oauth_callback_confirmed=true`, which a reply must carry to be accepted.
 *
 * @example
 * ```ts
 * const temporary: TemporaryCredentials = parseCredentials(replyText, { temporary: true });
 * temporary.callbackConfirmed; // true
 * ```
 */
export interface TemporaryCredentials extends Credentials {
  /** Always `true`: a reply without `oauth_callback_confirmed=true` is refused (§2.1). */
  callbackConfirmed: true;
}

/**
 * How {@link parseCredentials} reads a reply.
 *
 * @example
 * ```ts
 * const options: ParseCredentialsOptions = { temporary: true }; // also require oauth_callback_confirmed=true
 * ```
 */
export interface ParseCredentialsOptions {
  /** A temporary credentials reply (§2.1): `oauth_callback_confirmed=true` is required. */
  temporary?: boolean;
}

const OWN_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set(['oauth_token', 'oauth_token_secret', 'oauth_callback_confirmed']);

// A form-encoded reply holds no raw whitespace (a space is "+", a newline "%0A"), so whitespace at
// its ends, such as the newline many servers write after it, belongs to no value. Two index
// scans, not a regular expression: a long run of inner whitespace stays linear.
function withoutOuterWhitespace(text: string): string {
  const blank = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
  let start = 0;
  let end = text.length;
  while (start < end && blank(text.charCodeAt(start))) start++;
  while (end > start && blank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function refuse(field: string, message: string, code: 'INVALID_CREDENTIALS_REPLY' | 'CALLBACK_NOT_CONFIRMED' = 'INVALID_CREDENTIALS_REPLY'): never {
  throw new OAuthError(code, message, { source: 'reply', field });
}

/**
 * Reads a credentials reply, the `application/x-www-form-urlencoded` body a server answers the
 * temporary credentials (RFC 5849 §2.1) and token credentials (§2.3) requests with:
 * `oauth_token=…&oauth_token_secret=…` (and `&oauth_callback_confirmed=true` for temporary ones).
 * Raw whitespace around the form (a trailing newline) is not read into the first or last value.
 * No message it throws holds a value of the reply: the secret never reaches a log.
 *
 * @throws {OAuthError} `INVALID_CREDENTIALS_REPLY` (`source` `'reply'`, `field` the parameter)
 *   for a reply without `oauth_token` (or with it empty) or without `oauth_token_secret`, with
 *   either twice, or that is not a form; `CALLBACK_NOT_CONFIRMED` for a temporary reply without
 *   `oauth_callback_confirmed=true`; `INVALID_PARAMETER` when `text` is not a string.
 * @example
 * ```ts
 * import { parseCredentials } from '@paysign/oauth-core';
 *
 * parseCredentials('oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true', { temporary: true });
 * // { token: 'hh5s93j4hdidpola', tokenSecret: 'hdhd0244k9j7ao03', callbackConfirmed: true, extra: {} }
 * parseCredentials('oauth_token=nnch734d00sl2jdk&oauth_token_secret=pfkkdhi9sl3r4s00&user_id=42');
 * // { token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00', extra: { user_id: '42' } }
 * ```
 */
export function parseCredentials(text: string, options: ParseCredentialsOptions & { temporary: true }): TemporaryCredentials;
export function parseCredentials(text: string, options?: ParseCredentialsOptions): Credentials;
export function parseCredentials(text: string, options: ParseCredentialsOptions = {}): Credentials | TemporaryCredentials {
  if (typeof text !== 'string') throw new OAuthError('INVALID_PARAMETER', 'the credentials reply must be a string', { source: 'reply' });
  let pairs: readonly (readonly [string, string])[];
  try {
    pairs = parseFormPairs(withoutOuterWhitespace(text));
  } catch {
    refuse('body', 'the credentials reply is not an application/x-www-form-urlencoded form (a malformed escape, or not UTF-8)');
  }
  const { own, extra } = splitOwnPairs(pairs, OWN_NAMES, (name) => refuse(name, `the credentials reply has ${name} twice`));
  const token = own.get('oauth_token');
  const tokenSecret = own.get('oauth_token_secret');
  if (token === undefined || token === '') refuse('oauth_token', 'the credentials reply has no oauth_token (RFC 5849 §2.1, §2.3)');
  if (tokenSecret === undefined) refuse('oauth_token_secret', 'the credentials reply has no oauth_token_secret (RFC 5849 §2.1, §2.3)');
  const confirmed = own.get('oauth_callback_confirmed');
  if (options.temporary !== true) {
    if (confirmed !== undefined) extra.oauth_callback_confirmed = confirmed;
    return { token, tokenSecret, extra };
  }
  if (confirmed !== 'true') {
    refuse(
      'oauth_callback_confirmed',
      `the temporary credentials reply ${confirmed === undefined ? 'lacks' : 'does not set'} oauth_callback_confirmed=true (RFC 5849 §2.1)`,
      'CALLBACK_NOT_CONFIRMED',
    );
  }
  return { token, tokenSecret, callbackConfirmed: true, extra };
}
