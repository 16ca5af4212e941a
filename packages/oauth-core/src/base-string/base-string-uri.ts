import { OAuthError } from '../errors.js';

// RFC 3986 path characters (pchar and "/"), with "%" for escapes as they came.
const RAW_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/** Parses a URL string (or copies a `URL`), refusing anything that is not absolute http(s), and credentials in it. */
export function parseRequestUrl(url: string | URL): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(typeof url === 'string' ? url : url.href);
  } catch {
    // reported below, with the scheme check
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) {
    throw new OAuthError('INVALID_URL', 'the request URL must be an absolute http(s) URL');
  }
  // `fetch` refuses such a URL, and the credentials would be kept in `signed.url` (and logs).
  if (parsed.username !== '' || parsed.password !== '') {
    throw new OAuthError('INVALID_URL', 'the request URL must not carry a user name or password');
  }
  return parsed;
}

/**
 * The base string URI of RFC 5849 §3.4.1.2: lowercase scheme and host, the port only when it is
 * not the scheme's default, the path (at least `/`), and no query or fragment. The URL is read
 * with the WHATWG URL parser, the same one `fetch` uses to send it, so the URI signed is the
 * URI sent.
 *
 * @throws {OAuthError} `INVALID_URL` when the URL is not absolute http(s).
 * @example
 * ```ts
 * baseStringUri('HTTP://EXAMPLE.com:80/r%20v/X?id=123'); // 'http://example.com/r%20v/X'
 * baseStringUri('https://www.example.net:8080/?q=1'); // 'https://www.example.net:8080/'
 * ```
 */
export function baseStringUri(url: string | URL): string {
  return uriOf(parseRequestUrl(url));
}

/** {@link baseStringUri} of a URL already read by {@link parseRequestUrl}. */
export function uriOf(parsed: URL): string {
  // WHATWG URL already lowercases scheme and host, drops a default port and gives "/" for an empty path.
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/**
 * The base string URI and the raw query of a request as received (RFC 5849 §3.4.1.2): the
 * scheme and authority as a URL parser reads them (lowercase, default port dropped), the path
 * and query exactly as sent, with no `/./` or `/../` removed.
 *
 * @throws {OAuthError} `INVALID_URL` when the URL is not absolute http(s).
 * @example
 * ```ts
 * receivedRequestTarget('https://Host.example/a/./b/../c?x=1'); // { uri: 'https://host.example/a/./b/../c', query: 'x=1' }
 * ```
 */
export function receivedRequestTarget(url: string | URL): { uri: string; query: string } {
  const parsed = parseRequestUrl(url);
  const text = typeof url === 'string' ? url : url.href;
  // After "scheme://authority": the path runs to "?" or "#", the query to "#".
  const authorityStart = text.indexOf('//') + 2;
  let pathStart = authorityStart;
  while (pathStart < text.length && !'/?#'.includes(text[pathStart] as string)) pathStart++;
  let queryStart = pathStart;
  while (queryStart < text.length && !'?#'.includes(text[queryStart] as string)) queryStart++;
  const hash = text.indexOf('#', queryStart);
  const queryEnd = hash < 0 ? text.length : hash;
  const query = text[queryStart] === '?' ? text.slice(queryStart + 1, queryEnd) : '';
  let path = text.slice(pathStart, queryStart);
  // A path with characters no request line carries raw (space, non-ASCII...) was not received as
  // such: it is sent as the URL parser encodes it, so it is signed that way too.
  if (!RAW_PATH.test(path)) path = parsed.pathname;
  return { uri: `${parsed.protocol}//${parsed.host}${path === '' ? '/' : path}`, query };
}
