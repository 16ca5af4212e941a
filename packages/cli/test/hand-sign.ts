// Builds requests the way clients build them, mistakes included, with node:crypto only.
import { createHmac, createSign } from 'node:crypto';

export const rfc3986 = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface ClientRequest {
  url: string;
  /** The URI the client put in its base string (default: `url`). */
  signedUri?: string;
  /** The parameters the client signed (default: `sent`). */
  signed?: [string, string][];
  /** The parameters sent in the body. */
  sent: [string, string][];
  /** How the client encoded names and values (default: RFC 3986). */
  encode?: (value: string) => string;
  timestamp?: string;
  /** Default `n0nce`. */
  nonce?: string;
  key: { controlKey: string } | { privateKeyPem: string };
}

export function clientSign(request: ClientRequest): { authorization: string; body: string } {
  const method = 'controlKey' in request.key ? 'HMAC-SHA1' : 'RSA-SHA256';
  const oauth: [string, string][] = [
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', request.nonce ?? 'n0nce'],
    ['oauth_signature_method', method],
    ['oauth_timestamp', request.timestamp ?? String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const encode = request.encode ?? rfc3986;
  // Sorted as pairs (name, then value), not as joined text: "k" sorts before "k-" though "k-=" < "k=".
  const pairs = [...(request.signed ?? request.sent), ...oauth]
    .map(([n, v]) => [encode(n), encode(v)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`);
  const base = `POST&${rfc3986(request.signedUri ?? request.url)}&${rfc3986(pairs.join('&'))}`;
  const signature =
    'controlKey' in request.key
      ? createHmac('sha1', `${rfc3986(request.key.controlKey)}&`)
          .update(base)
          .digest('base64')
      : createSign('sha256').update(base).sign(request.key.privateKeyPem, 'base64');
  const authorization = `OAuth ${[...oauth, ['oauth_signature', signature]].map(([n, v]) => `${n}="${rfc3986(v as string)}"`).join(', ')}`;
  return { authorization, body: request.sent.map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`).join('&') };
}
