/** What `node:http` needs of a fetch call: the URL, the method, the header lines and the body bytes. */
export interface OutgoingRequest {
  url: URL;
  method: string;
  /** Lower-case names, as fetch sends them; `host` and `content-length` included. */
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  signal: AbortSignal | undefined;
}

const NO_BODY = new Set(['GET', 'HEAD']);
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);
const encoder = new TextEncoder();

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
  const headers = new Headers(init.headers ?? request?.headers);
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
  const lines: Record<string, string> = { host: url.host };
  for (const [name, value] of headers) lines[name] = value;
  lines.accept ??= '*/*';
  if (body !== undefined || method === 'POST' || method === 'PUT') lines['content-length'] = String(body?.byteLength ?? 0);
  const signal = init.signal ?? request?.signal ?? undefined;
  return { url, method, headers: lines, body, signal };
}
