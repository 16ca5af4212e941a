import { OAuthError } from '../errors.js';
import type { FetchLike } from '../fetch/create-oauth-fetch.js';
import type { Signer, SignRequest } from '../signer/create-signer.js';
import type { ParameterInput } from '../types.js';
import { parseCredentials, type TemporaryCredentials } from './parse-credentials.js';
import { readMaxReplyBytes, readReplyText } from './read-reply.js';
import { sendSigned } from './send-signed.js';

/**
 * The temporary credentials request (RFC 5849 §2.1), the first step of the three-legged flow.
 *
 * @example
 * ```ts
 * const step1: TemporaryCredentialsRequest = {
 *   signer, // a signer with the client credentials and no token
 *   url: 'https://photos.example.net/initiate',
 *   callback: 'https://printer.example.com/ready',
 * };
 * const temporary = await requestTemporaryCredentials(step1);
 * ```
 */
export interface TemporaryCredentialsRequest {
  /** Signs with the client credentials (create it without a `token`). */
  signer: Signer;
  /** The temporary credential request endpoint. */
  url: string | URL;
  /** `oauth_callback`: the absolute URI the server sends the resource owner back to, or `'oob'` (the default) for out-of-band (a PIN). */
  callback?: string | undefined;
  /** Extra form parameters the server asks for (`scope`, `x_auth_access_type`...), signed and sent in the body. */
  params?: ParameterInput | undefined;
  /** Where the protocol parameters go; default the signer's. */
  transmission?: SignRequest['transmission'] | undefined;
  /** Sends the request. Default: the global `fetch`. */
  fetch?: FetchLike | undefined;
  /** The longest reply read, in bytes, before it is parsed. Default 16,384. */
  maxReplyBytes?: number | undefined;
  /** Aborts the request. */
  signal?: AbortSignal | undefined;
}

/** `oob`, or an absolute URI (RFC 5849 §2.1): checked before anything is sent. */
function readCallback(value: unknown): string {
  if (value === undefined) return 'oob';
  if (typeof value === 'string' && value !== '') {
    if (value === 'oob') return value;
    try {
      if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value) && new URL(value).href !== '') return value;
    } catch {
      // refused below
    }
  }
  throw new OAuthError('INVALID_PARAMETER', "callback must be an absolute URI or 'oob' (RFC 5849 §2.1)", { source: 'request', field: 'callback' });
}

/**
 * Asks the server for temporary credentials (RFC 5849 §2.1): a signed POST with
 * `oauth_callback`, whose reply must carry `oauth_token`, `oauth_token_secret` and
 * `oauth_callback_confirmed=true`. Next, send the resource owner to {@link authorizationUrl}.
 * The request never follows a redirect; the reply is read up to `maxReplyBytes`.
 *
 * @throws {OAuthError} before sending: `INVALID_PARAMETER` (`callback`, `maxReplyBytes`) and every
 *   refusal of `signer.sign`; after: `UNEXPECTED_STATUS` (with `status`) for a reply that is not
 *   2xx, `REPLY_TOO_LARGE`, `INVALID_CREDENTIALS_REPLY`, `CALLBACK_NOT_CONFIRMED`.
 * @example
 * ```ts
 * import { authorizationUrl, createSigner, requestTemporaryCredentials } from '@paysign/oauth-core';
 *
 * const signer = createSigner({ consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', signatureMethod: 'HMAC-SHA1' });
 * const temporary = await requestTemporaryCredentials({ signer, url: 'https://photos.example.net/initiate', callback: 'https://printer.example.com/ready' });
 * // keep temporary.tokenSecret for step 3 (a session), then redirect the user:
 * const location = authorizationUrl('https://photos.example.net/authorize', temporary.token);
 * ```
 */
export async function requestTemporaryCredentials(request: TemporaryCredentialsRequest): Promise<TemporaryCredentials> {
  if (request === null || typeof request !== 'object') {
    throw new OAuthError('INVALID_PARAMETER', 'requestTemporaryCredentials takes { signer, url, callback }', { source: 'request' });
  }
  const callback = readCallback(request.callback);
  const maxBytes = readMaxReplyBytes(request.maxReplyBytes);
  const toSign: SignRequest = { method: 'POST', url: request.url, oauthParams: { oauth_callback: callback } };
  if (request.params !== undefined) toSign.params = request.params;
  if (request.transmission !== undefined) toSign.transmission = request.transmission;
  const signed = await request.signer.sign(toSign);
  const response = await sendSigned(signed, request.fetch, request.signal);
  return parseCredentials(await readReplyText(response, maxBytes, 'temporary credentials'), { temporary: true });
}
