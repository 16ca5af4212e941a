import { baseStringUri, percentDecode, percentEncode } from '@paysign/oauth-core';
import type { Pair } from './base-string-parts.js';
import type { Cause } from './causes.js';

/** The request as the server reads it, and the raw text a client's mistakes are made from. */
export interface ReadRequest {
  method: string;
  /** The URL exactly as given. */
  rawUrl: string;
  url: URL;
  queryPairs: Pair[];
  /** Body pairs as a form body reads them (`+` = space). */
  bodyPairs: Pair[];
  /** Body pairs read without the `+` rule, as a client that signs a literal `+` sees them. */
  bodyPairsLiteralPlus: Pair[];
  /** The protocol parameters of the header, without oauth_signature and realm, in header order. */
  headerOauth: Pair[];
}

/** One way the client may have built its base string: what differs from the right way, and why. */
export interface Variant {
  causes: Cause[];
  method?: string;
  uri?: string;
  pairs?: Pair[];
  encodeParameter?: (value: string) => string;
  sort?: boolean;
}

const JS_ENCODE = (value: string): string => encodeURIComponent(value);

/** The pairs the server signs: query, body, and each protocol parameter once (header or body). */
export function serverPairs(request: ReadRequest): Pair[] {
  const oauth = new Map<string, string>(request.headerOauth);
  const pairs: Pair[] = [...request.queryPairs];
  for (const [name, value] of request.bodyPairs) {
    if (name === 'oauth_signature') continue;
    if (name.startsWith('oauth_')) oauth.set(name, value);
    else pairs.push([name, value]);
  }
  return [...pairs, ...oauth];
}

/** Ways to lay out the parameters wrongly, each only where the request could show it. */
export function parameterVariants(request: ReadRequest): Variant[] {
  const pairs = serverPairs(request);
  const values = pairs.flat();
  const variants: Variant[] = [];
  if (values.some((v) => v.includes(' '))) {
    variants.push({
      encodeParameter: (v) => percentEncode(v).replace(/%20/g, '+'),
      causes: [{ code: 'plus_for_space', message: 'spaces were signed as "+" (form encoding); the base string needs "%20" (RFC 3986)' }],
    });
  }
  const rawPlus = request.bodyPairsLiteralPlus.some(([n, v]) => n.includes('+') || v.includes('+'));
  if (rawPlus) {
    const literal = serverPairs({ ...request, bodyPairs: request.bodyPairsLiteralPlus });
    variants.push({
      pairs: literal,
      causes: [
        {
          code: 'literal_plus',
          message: 'the body sends a raw "+", which a form body reads as a space, but the client signed it as a plus sign: send "+" as %2B',
        },
      ],
    });
  }
  if (values.some((v) => /[!*'()]/.test(v))) {
    variants.push({
      encodeParameter: JS_ENCODE,
      causes: [
        {
          code: 'unescaped_reserved',
          message: `the characters !*'() were left unescaped (encodeURIComponent does that); RFC 3986 encoding escapes them as %21 %2A %27 %28 %29`,
        },
      ],
    });
  }
  if (values.some((v) => percentEncode(v) !== v)) {
    variants.push({
      encodeParameter: (v) => v,
      causes: [{ code: 'unencoded_parameters', message: 'the parameter names and values were not percent-encoded before they were joined and sorted' }],
    });
    variants.push({
      encodeParameter: (v) => percentEncode(percentEncode(v)),
      causes: [{ code: 'double_encoded', message: 'the values were percent-encoded once too often (already-encoded text was encoded again)' }],
    });
  }
  // The gateway vendor's examples sort the parameters by their names as written, then encode: the
  // same order unless a name or value holds a character that encoding moves (`_` against `%`, ...).
  const byRaw = (a: Pair, b: Pair): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  variants.push({
    sort: false,
    pairs: [...pairs].sort(byRaw),
    causes: [
      {
        code: 'raw_names_sorted',
        message: 'the parameters were sorted by their raw names and values, then encoded; RFC 5849 sorts them after encoding (by encoded name, then value)',
      },
    ],
  });
  variants.push({
    sort: false,
    pairs: [...request.queryPairs, ...request.bodyPairs.filter(([n]) => n !== 'oauth_signature'), ...request.headerOauth],
    causes: [{ code: 'parameters_unsorted', message: 'the parameters were joined in the order sent; they must be sorted by encoded name, then value' }],
  });
  const names = [...new Set(pairs.map(([name]) => name))];
  for (const name of names) {
    const fromBody = request.bodyPairs.some(([n]) => n === name);
    variants.push({
      pairs: pairs.filter(([n]) => n !== name),
      causes: [
        {
          code: 'parameter_missing',
          message: `${name} was sent${fromBody ? ' in the body' : ''} but not signed: it was added after signing, or the client leaves it out of the base string`,
        },
      ],
    });
  }
  for (const name of names) {
    const count = pairs.filter(([n]) => n === name).length;
    if (count > 1) {
      const first = pairs.find(([n]) => n === name) as Pair;
      variants.push({
        pairs: [...pairs.filter(([n]) => n !== name), first],
        causes: [
          {
            code: 'parameter_duplicated',
            message: `${name} is sent ${count} times but signed once (${first[0]}=${first[1]}): a copy was added after signing, or the client signs only one of them`,
          },
        ],
      });
    } else {
      variants.push({
        pairs: [...pairs, pairs.find(([n]) => n === name) as Pair],
        causes: [
          {
            code: 'parameter_duplicated',
            message: `${name} was signed twice but is sent once (it was counted in both the header and the body, or added twice)`,
          },
        ],
      });
    }
  }
  const bodyOauth = request.bodyPairs.filter(([name]) => name.startsWith('oauth_') && name !== 'oauth_signature');
  if (bodyOauth.length > 0 && request.headerOauth.length > 0) {
    variants.push({
      pairs: [...pairs, ...bodyOauth],
      causes: [
        {
          code: 'parameter_duplicated',
          message: 'the oauth_* parameters sent in both the header and the body were signed twice; the gateway counts each once',
        },
      ],
    });
  }
  return variants;
}

function hostAsWritten(rawUrl: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)/i.exec(rawUrl)?.[1];
}

/** Ways to write the URL wrongly: scheme, host, port, path, query. */
export function urlVariants(request: ReadRequest): Variant[] {
  const url = request.url;
  const right = baseStringUri(url);
  const variants: Variant[] = [];
  const add = (uri: string, code: Cause['code'], message: string): void => {
    if (uri !== right && !variants.some((v) => v.uri === uri)) variants.push({ uri, causes: [{ code, message }] });
  };
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const otherScheme = url.protocol === 'https:' ? 'http:' : 'https:';
  add(
    `${otherScheme}//${url.host}${url.pathname}`,
    'url_scheme',
    `the client signed ${otherScheme.slice(0, -1)}:// but the request went to ${url.protocol.slice(0, -1)}:// (a TLS-terminating proxy changes what the server sees)`,
  );
  if (url.port === '')
    add(
      `${url.protocol}//${url.hostname}:${defaultPort}${url.pathname}`,
      'url_port',
      `the default port :${defaultPort} was written into the signed URL; RFC 5849 leaves it out`,
    );
  else
    add(
      `${url.protocol}//${url.hostname}${url.pathname}`,
      'url_port',
      `the port :${url.port} was left out of the signed URL; a non-default port must be included`,
    );
  const written = hostAsWritten(request.rawUrl);
  if (written && written !== url.hostname) {
    add(
      `${url.protocol}//${written}${url.port ? `:${url.port}` : ''}${url.pathname}`,
      'url_host',
      'the host was signed as written, in upper or mixed case; the base string uses it in lower case',
    );
  }
  const shouted = url.hostname.toUpperCase();
  if (shouted !== url.hostname) {
    add(
      `${url.protocol}//${shouted}${url.port ? `:${url.port}` : ''}${url.pathname}`,
      'url_host',
      'the host was signed in upper case; the base string uses it in lower case',
    );
  }
  const alias = url.hostname === '127.0.0.1' ? 'localhost' : url.hostname === 'localhost' ? '127.0.0.1' : undefined;
  if (alias)
    add(
      `${url.protocol}//${alias}${url.port ? `:${url.port}` : ''}${url.pathname}`,
      'url_host',
      `the client signed the host ${alias} but sent the request to ${url.hostname}`,
    );
  const toggled = url.pathname.endsWith('/') && url.pathname !== '/' ? url.pathname.slice(0, -1) : `${url.pathname}/`;
  add(
    `${url.protocol}//${url.host}${toggled}`,
    'url_path',
    `the signed path ${toggled.endsWith('/') ? 'ends' : 'does not end'} with "/", the path sent ${toggled.endsWith('/') ? 'does not' : 'does'}`,
  );
  if (url.pathname !== url.pathname.toLowerCase())
    add(`${url.protocol}//${url.host}${url.pathname.toLowerCase()}`, 'url_path', 'the path was signed in lower case; paths are case-sensitive');
  const unprefixed = url.pathname.replace(/^\/payment(?=\/)/, '');
  if (unprefixed !== url.pathname)
    add(`${url.protocol}//${url.host}${unprefixed}`, 'url_path', 'the signed URL lacks the /payment path prefix the request was sent to');
  if (url.search !== '')
    add(
      `${url.protocol}//${url.host}${url.pathname}${url.search}`,
      'url_query',
      'the query string was signed as part of the URL; it belongs in the parameters only',
    );
  return variants;
}

/** Ways to write the HTTP method wrongly. */
export function methodVariants(method: string): Variant[] {
  const variants: Variant[] = [];
  if (method === 'POST') variants.push({ method: 'GET', causes: [{ code: 'http_method', message: 'the client signed GET; the request is a POST' }] });
  variants.push({
    method: method.toLowerCase(),
    causes: [{ code: 'http_method', message: 'the HTTP method was signed in lower case; it must be upper case' }],
  });
  return variants;
}

/** Reads body text twice: as the server does, and with `+` kept as a plus sign. */
export function readBodyLiteralPlus(body: string): Pair[] {
  return body
    .split('&')
    .filter((segment) => segment !== '')
    .map((segment): Pair => {
      const eq = segment.indexOf('=');
      const decode = (text: string): string => {
        try {
          return percentDecode(text);
        } catch {
          return text;
        }
      };
      return eq === -1 ? [decode(segment), ''] : [decode(segment.slice(0, eq)), decode(segment.slice(eq + 1))];
    });
}
