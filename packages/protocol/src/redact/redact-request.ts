import { percentDecode, percentEncode } from '@paysign/oauth-core';
import { isMasked } from './masked-forms.js';
import { maskParameter } from './mask-parameter.js';
import { redactCardData } from './redact-card-data.js';

function decodeOr(text: string, plusIsSpace: boolean): string | undefined {
  try {
    return percentDecode(plusIsSpace ? text.replace(/\+/g, '%20') : text);
  } catch {
    return undefined;
  }
}

// A masked value is written as it is (stars, brackets, spaces) so that it reads as masked; only
// what would end or split its pair is escaped.
const written = (value: string): string => value.replace(/[%&=]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A form body (or a query string) as it may be shown: each pair read as a form reads it, masked by
 * its name ({@link maskParameter}), a pair that needs no masking left exactly as sent; then
 * {@link redactCardData} over the whole as the last guard (a pair that cannot be decoded).
 *
 * @example
 * ```ts
 * redactFormBody('credit_card_number=4111+1111+1111+1111&cvv2=987&amount=10.00');
 * // 'credit_card_number=411111******1111&cvv2=***&amount=10.00'
 * ```
 */
export function redactFormBody(body: string): string {
  const shown = body.split('&').map((segment) => {
    const eq = segment.indexOf('=');
    if (eq === -1) return segment;
    const name = decodeOr(segment.slice(0, eq), true);
    const value = decodeOr(segment.slice(eq + 1), true);
    if (name === undefined || value === undefined) return segment;
    const masked = maskParameter(name, value);
    return masked === value ? segment : `${segment.slice(0, eq)}=${written(masked)}`;
  });
  return redactCardData(shown.join('&'));
}

/**
 * A URL as it may be shown: its query masked as {@link redactFormBody} masks a body, the rest
 * through {@link redactCardData}.
 *
 * @example
 * ```ts
 * redactUrl('https://gate.example/payment/api/v2/transfer/1?cvv2=987'); // 'https://gate.example/payment/api/v2/transfer/1?cvv2=***'
 * ```
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return redactCardData(url);
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  return redactCardData(url.slice(0, query + 1)) + redactFormBody(url.slice(query + 1, end)) + redactCardData(url.slice(end));
}

/**
 * A signature base string (RFC 5849 section 3.4.1) as it may be shown: read back into its
 * parameters, each masked by its name ({@link maskParameter}: a card number as 6 + 4, a CVV as
 * stars, the payload as its length) and written back encoded twice as the base string has it, a
 * masked value as it reads (`credit_card_number%3D411111******1111`); then {@link redactCardData}
 * over the whole, so a card number is masked whatever its separators or encoding depth. A text
 * that is not a base string is masked as free text.
 *
 * @example
 * ```ts
 * redactBaseString('POST&https%3A%2F%2Fg.example%2Fp&cvv2%3D987%26payload%3DY2xpZW50');
 * // 'POST&https%3A%2F%2Fg.example%2Fp&cvv2%3D***%26payload%3D[payload, 8 Base64 characters]'
 * ```
 */
export function redactBaseString(baseString: string): string {
  const [method, uri, parameters, ...rest] = baseString.split('&');
  const decoded = parameters === undefined || rest.length > 0 ? undefined : decodeOr(parameters, false);
  if (method === undefined || uri === undefined || decoded === undefined) return redactCardData(baseString);
  const pairs = decoded === '' ? [] : decoded.split('&');
  const shown: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = decodeOr(eq === -1 ? pair : pair.slice(0, eq), false);
    const value = eq === -1 ? '' : decodeOr(pair.slice(eq + 1), false);
    if (name === undefined || value === undefined) return redactCardData(baseString);
    const masked = maskParameter(name, value);
    const encodedName = percentEncode(percentEncode(name));
    shown.push(masked === value || !isMasked(masked) ? `${encodedName}%3D${percentEncode(percentEncode(masked))}` : `${encodedName}%3D${written(masked)}`);
  }
  return redactCardData(`${method}&${uri}&${shown.join('%26')}`);
}

/**
 * A request as it may be shown anywhere (a console, a debugger, a terminal, a log, a saved
 * inspector entry): method, URL, headers and form body, every part masked ({@link redactUrl},
 * {@link redactFormBody}, header values through {@link redactCardData}).
 *
 * @example
 * ```ts
 * const shown = redactRequest({ method: 'POST', url, headers: { authorization }, body: 'cvv2=987' });
 * shown.body; // 'cvv2=***'
 * ```
 */
export function redactRequest(request: RequestToShow): RequestToShow {
  return {
    method: redactCardData(request.method),
    url: redactUrl(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [redactCardData(name), redactCardData(value)])),
    body: redactFormBody(request.body),
  };
}

/**
 * A request to show with {@link redactRequest}: method, URL, headers by name, form body.
 *
 * @example
 * ```ts
 * const request: RequestToShow = { method: 'POST', url: 'https://g.example/payment/api/v2/transfer/1', headers: {}, body: 'amount=1.00' };
 * ```
 */
export interface RequestToShow {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}
