/** What `node:http` needs of a fetch call: the URL, the method, the header lines and the body bytes. */
export interface OutgoingRequest {
  url: URL;
  method: string;
  /** Lower-case names, as fetch sends them; `host` and `content-length` included. */
  headers: Record<string, string>;
  /** Bytes, or the client's own form body as text (ASCII: sent in one write with the header lines). */
  body: Uint8Array | string | undefined;
  signal: AbortSignal | undefined;
}

const NO_BODY = new Set(['GET', 'HEAD']);
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);
const encoder = new TextEncoder();
// RFC 9110 §5.1 and §5.5, as fetch's Headers checks them: a name is a token; a value, its
// leading and trailing whitespace trimmed, holds no NUL, CR or LF and no character above U+00FF.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\0\r\n\u0100-\uffff]/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * A plain object's header lines as `Headers` would give them (names lower-cased, values trimmed,
 * names differing only in case joined with `, `), without one: the gateway client passes its
 * headers as a plain object, and `Headers` costs more than the rest of the request's preparation.
 * `undefined` for anything else (a `Headers`, an array of pairs), which goes through `Headers`.
 */
function plainHeaderLines(given: unknown): Map<string, string> | undefined {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return undefined;
  const prototype = Object.getPrototypeOf(given);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const lines = new Map<string, string>();
  for (const name of Object.keys(given)) {
    const raw = String((given as Record<string, unknown>)[name]);
    if (!TOKEN.test(name)) throw new TypeError(`Headers: ${JSON.stringify(name)} is an invalid header name.`);
    const value = raw.replace(EDGE_WHITESPACE, '');
    if (BAD_VALUE.test(value)) throw new TypeError(`Headers: the value of ${JSON.stringify(name)} is an invalid header value.`);
    const key = name.toLowerCase();
    const before = lines.get(key);
    lines.set(key, before === undefined ? value : `${before}, ${value}`);
  }
  return lines;
}

/**
 * Turns `fetch(input, init)` arguments into one request, as fetch would send it: the method
 * upper-cased when it is one of fetch's standard names, the headers through `Headers` (validated,
 * trimmed, names lower-cased, repeated names joined), `Accept: *` + `/*` when none is given, and a
 * string or `URLSearchParams` body with fetch's default `Content-Type`. A stream or `FormData` body
 * is refused (a gateway request is a short form).
 */
export async function outgoingRequest(input: string | URL | Request, init: RequestInit = {}): Promise<OutgoingRequest> {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request?.url ?? String(input));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`fetch: the URL's scheme must be http: or https: (${url.protocol} given)`);
  if (url.username !== '' || url.password !== '') throw new TypeError('fetch: a URL with credentials is refused (as fetch refuses it)');
  let method = init.method ?? request?.method ?? 'GET';
  if (NORMALISED.has(method.toUpperCase())) method = method.toUpperCase();
  if (FORBIDDEN.has(method.toUpperCase())) throw new TypeError(`fetch: the method ${method} is not allowed`);
  const plain = request === undefined ? plainHeaderLines(init.headers) : undefined;
  const headers = plain ?? new Headers(init.headers ?? request?.headers);
  let body: Uint8Array | undefined;
  const given = init.body !== undefined ? init.body : request?.body === null || request === undefined ? null : await request.arrayBuffer();
  if (given !== null) {
    if (NO_BODY.has(method)) throw new TypeError(`fetch: a ${method} request cannot have a body`);
    if (typeof given === 'string') {
      body = encoder.encode(given);
      if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    } else if (given instanceof URLSearchParams) {
      body = encoder.encode(given.toString());
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    } else if (given instanceof ArrayBuffer) {
      body = new Uint8Array(given);
    } else if (ArrayBuffer.isView(given)) {
      body = new Uint8Array(given.buffer, given.byteOffset, given.byteLength);
    } else if (given instanceof Blob) {
      body = new Uint8Array(await given.arrayBuffer());
      if (given.type !== '' && !headers.has('content-type')) headers.set('content-type', given.type);
    } else {
      throw new TypeError('fetch: this transport sends a string, bytes, URLSearchParams or a Blob as the body (not a stream or FormData)');
    }
  }
  // Headers iterates its lines sorted by name: the plain object's lines are sent in the same order.
  const entries = plain === undefined ? headers : [...plain].sort(byName);
  const sendsLength = body !== undefined || method === 'POST' || method === 'PUT';
  const signal = init.signal ?? request?.signal ?? undefined;
  return { url, method, headers: headerLines(url, entries, sendsLength ? (body?.byteLength ?? 0) : undefined), body, signal };
}

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

// The lines as fetch sends them, in its order: host, the given ones (lower-cased, sorted by
// name), `accept: */*` when none was given, then the body's length.
function headerLines(url: URL, sorted: Iterable<[string, string]>, contentLength: number | undefined): Record<string, string> {
  const lines: Record<string, string> = { host: url.host };
  for (const [name, value] of sorted) lines[name] = value;
  lines.accept ??= '*/*';
  if (contentLength !== undefined) lines['content-length'] = String(contentLength);
  return lines;
}

/**
 * The gateway client's own POST (what `sendRequest` gives createNodeFetch's direct reader), as
 * {@link outgoingRequest} would make it of the same arguments, with only the work that input
 * needs: the headers are the client's (the signer's lines and its `Accept`: names that are
 * tokens, values with no control character), so they are only lower-cased and sorted, and the
 * body, a percent-encoded form (ASCII), stays text: node:http writes it with the header lines in
 * one write, where bytes would be a second buffer (a `writev`). The same lines reach the server
 * either way, byte for byte (`test/node-fetch-direct-reply.test.ts`); a value node:http refuses
 * (a CR or LF) is refused before anything is sent.
 */
export function directPost(url: string, headers: Readonly<Record<string, string>>, body: string): OutgoingRequest {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TypeError(`fetch: the URL's scheme must be http: or https: (${parsed.protocol} given)`);
  // Names differing only in case joined with `, `, as Headers joins them.
  const given: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const key = name.toLowerCase();
    const value = headers[name] as string;
    given[key] = given[key] === undefined ? value : `${given[key]}, ${value}`;
  }
  const entries = Object.entries(given).sort(byName);
  return { url: parsed, method: 'POST', headers: headerLines(parsed, entries, Buffer.byteLength(body, 'utf8')), body, signal: undefined };
}
