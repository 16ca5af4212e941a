import { OAuthError } from '../errors.js';
import type { FetchLike } from '../fetch/create-oauth-fetch.js';
import type { Signer, SignRequest } from '../signer/create-signer.js';
import type { ParameterInput } from '../types.js';
import { type Credentials, parseCredentials } from './parse-credentials.js';
import { readMaxReplyBytes, readReplyText } from './read-reply.js';
import { sendSigned } from './send-signed.js';

/**
 * The token credentials request (RFC 5849 §2.3), the last step of the three-legged flow.
 *
 * @example
 * ```ts
 * const step3: TokenCredentialsRequest = {
 *   signer,
 *   url: 'https://photos.example.net/token',
 *   token: { key: temporary.token, secret: temporary.tokenSecret },
 *   verifier: callbackUrl.searchParams.get('oauth_verifier') ?? '',
 * };
 * const credentials = await requestTokenCredentials(step3);
 * ```
 */
export interface TokenCredentialsRequest {
  /** Signs with the client credentials. */
  signer: Signer;
  /** The token request endpoint. */
  url: string | URL;
  /** The temporary credentials of step 1: `oauth_token` and its secret. */
  token: NonNullable<SignRequest['token']>;
  /** `oauth_verifier`: what the server sent back to the callback (or showed the resource owner, out of band). */
  verifier: string;
  /** Extra form parameters the server asks for, signed and sent in the body. */
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

/**
 * Exchanges authorized temporary credentials for token credentials (RFC 5849 §2.3): a POST signed
 * for the temporary token with `oauth_verifier`, whose reply must carry `oauth_token` and
 * `oauth_token_secret`. Sign the resource owner's requests with them from then on
 * (`token: { key: credentials.token, secret: credentials.tokenSecret }`).
 *
 * @throws {OAuthError} before sending: `INVALID_PARAMETER` (`verifier`, `token`, `maxReplyBytes`)
 *   and every refusal of `signer.sign`; after: `UNEXPECTED_STATUS` (with `status`),
 *   `REPLY_TOO_LARGE`, `INVALID_CREDENTIALS_REPLY`.
 * @example
 * ```ts
 * import { requestTokenCredentials } from '@paysign/oauth-core';
 *
 * // at the callback: https://printer.example.com/ready?oauth_token=hh5s93j4hdidpola&oauth_verifier=hfdp7dh39dks9884
 * const credentials = await requestTokenCredentials({
 *   signer,
 *   url: 'https://photos.example.net/token',
 *   token: { key: 'hh5s93j4hdidpola', secret: temporaryTokenSecret },
 *   verifier: 'hfdp7dh39dks9884',
 * });
 * await signer.sign({ method: 'GET', url: 'https://photos.example.net/photos?file=vacation.jpg&size=original', token: { key: credentials.token, secret: credentials.tokenSecret } });
 * ```
 */
export async function requestTokenCredentials(request: TokenCredentialsRequest): Promise<Credentials> {
  if (request === null || typeof request !== 'object') {
    throw new OAuthError('INVALID_PARAMETER', 'requestTokenCredentials takes { signer, url, token, verifier }', { source: 'request' });
  }
  if (typeof request.verifier !== 'string' || request.verifier === '') {
    throw new OAuthError('INVALID_PARAMETER', 'verifier must be the non-empty oauth_verifier the server gave (RFC 5849 §2.2)', {
      source: 'request',
      field: 'verifier',
    });
  }
  const maxBytes = readMaxReplyBytes(request.maxReplyBytes);
  const toSign: SignRequest = { method: 'POST', url: request.url, token: request.token, oauthParams: { oauth_verifier: request.verifier } };
  if (request.params !== undefined) toSign.params = request.params;
  if (request.transmission !== undefined) toSign.transmission = request.transmission;
  const signed = await request.signer.sign(toSign);
  const response = await sendSigned(signed, request.fetch, request.signal);
  return parseCredentials(await readReplyText(response, maxBytes, 'token credentials'));
}
