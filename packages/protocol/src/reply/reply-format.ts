/**
 * The JSON variant's media type: requested with `Accept`, answered as `Content-Type`.
 *
 * @example
 * ```ts
 * await fetch(url, { method: 'POST', body, headers: { Accept: JSON_REPLY_MEDIA_TYPE } });
 * ```
 */
export const JSON_REPLY_MEDIA_TYPE = 'application/vnd.pay+json';

/**
 * How a reply is written: the gateway's form encoding, or its JSON variant.
 *
 * @example
 * ```ts
 * const format: ReplyFormat = replyFormatFor(request.headers.get('accept')); // 'form' unless JSON was asked for
 * ```
 */
export type ReplyFormat = 'form' | 'json';

/**
 * Chooses the reply format from a request's `Accept` header: JSON when one of its media ranges
 * is `application/vnd.pay+json` (any case, parameters allowed) and not refused with `q=0`
 * (RFC 9110 §12.5.1); the form encoding otherwise, as the gateway answers by default.
 *
 * @example
 * ```ts
 * replyFormatFor('application/vnd.pay+json'); // 'json'
 * replyFormatFor('text/html, application/vnd.pay+json;q=0.9'); // 'json'
 * replyFormatFor('application/vnd.pay+json;q=0'); // 'form'
 * replyFormatFor(null); // 'form'
 * ```
 */
export function replyFormatFor(accept: string | null): ReplyFormat {
  if (accept === null) return 'form';
  for (const range of accept.split(',')) {
    const [mediaType = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (mediaType !== JSON_REPLY_MEDIA_TYPE) continue;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    if (q === undefined || Number(q.slice(q.indexOf('=') + 1).trim()) > 0) return 'json';
  }
  return 'form';
}
