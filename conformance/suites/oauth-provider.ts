// An OAuth 1.0 provider as a fetch handler, made of the project's verifier: the three endpoints of
// RFC 5849 §2 (temporary credentials, resource owner authorization, token credentials) and a
// protected resource. No Node built-ins: the conformance suites call `handle` directly in every
// runtime, and packages/oauth-core/test serves it over node:http.
import type { OAuthCore } from './flavours.js';

/** One client the provider knows: HMAC-* (its secret) or RSA-* (its public key). */
export interface ProviderClient {
  consumerSecret?: string;
  publicKey?: string;
  signatureMethods?: ('HMAC-SHA1' | 'HMAC-SHA256' | 'RSA-SHA256' | 'PLAINTEXT')[];
}

/** What the protected resource answers: what the verifier accepted. */
export interface ResourceReply {
  consumerKey: string;
  token: string | undefined;
  signatureMethod: string;
  oauthParams: Record<string, string>;
  params: [string, string][];
}

const FORM = 'application/x-www-form-urlencoded';
const DIGEST: Record<string, string> = { 'HMAC-SHA256': 'SHA-256', 'RSA-SHA256': 'SHA-256', 'HMAC-SHA512': 'SHA-512', 'RSA-SHA512': 'SHA-512' };

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function form(pairs: Record<string, string>, core: OAuthCore): Response {
  const body = Object.entries(pairs)
    .map(([name, value]) => `${core.percentEncode(name)}=${core.percentEncode(value)}`)
    .join('&');
  return new Response(body, { headers: { 'Content-Type': FORM } });
}

/**
 * A provider over `clients` (consumer key -> credentials). Paths: `POST /initiate`,
 * `GET /authorize?oauth_token=` (the resource owner approves at once: 302 to the callback, or
 * the verifier as text for `oob`), `POST /token`, and any `/photos...` (the resource, which
 * answers the accepted request as JSON). A refused request gets 401 and the verifier's reason.
 *
 * @example
 * ```ts
 * const provider = createOAuthProvider(core, { 'client-key': { consumerSecret: 'client-secret' } });
 * const reply = await provider.handle(new Request('https://photos.example.net/initiate', { method: 'POST' })); // 401
 * ```
 */
export function createOAuthProvider(core: OAuthCore, clients: Record<string, ProviderClient>) {
  const temporary = new Map<string, { consumerKey: string; secret: string; callback: string; verifier?: string }>();
  const access = new Map<string, { consumerKey: string; secret: string }>();
  const verifier = core.createVerifier({
    lookup(consumerKey, token) {
      const client = clients[consumerKey];
      if (client === undefined) return undefined;
      const issued = token === undefined ? undefined : (temporary.get(token) ?? access.get(token));
      if (token !== undefined && issued?.consumerKey !== consumerKey) return undefined;
      return {
        ...(client.consumerSecret === undefined ? {} : { consumerSecret: client.consumerSecret }),
        ...(client.publicKey === undefined ? {} : { publicKey: client.publicKey }),
        signatureMethods: client.signatureMethods ?? ['HMAC-SHA1', 'HMAC-SHA256', 'RSA-SHA256', 'PLAINTEXT'],
        ...(issued === undefined ? {} : { tokenSecret: issued.secret }),
      };
    },
  });
  const requests: Request[] = [];

  // The verifier reads a form body's pairs and checks any other body against its oauth_body_hash;
  // the provider checks that hash here once more itself against the bytes received
  // (draft-eaton-oauth-bodyhash-00 §3.2, with the method's digest), independently of the code under test.
  async function verify(request: Request) {
    const contentType = request.headers.get('content-type') ?? '';
    const bytes = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    const isForm = contentType.split(';')[0]?.trim().toLowerCase() === FORM;
    const result = await verifier.verify({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      ...(bytes !== undefined && { body: isForm ? new TextDecoder().decode(bytes) : bytes, contentType }),
    });
    if (!result.ok || result.oauthParams.oauth_body_hash === undefined) return result;
    const digest = DIGEST[result.signatureMethod] ?? 'SHA-1';
    const expected = core.encodeBase64(new Uint8Array(await crypto.subtle.digest(digest, bytes ?? new Uint8Array(0))));
    if (isForm || expected !== result.oauthParams.oauth_body_hash)
      return { ok: false as const, reason: 'body_hash', message: 'oauth_body_hash is not the digest of the body' };
    return result;
  }

  async function handle(request: Request): Promise<Response> {
    requests.push(request.clone());
    const url = new URL(request.url);
    if (url.pathname === '/authorize' && request.method === 'GET') {
      const entry = temporary.get(url.searchParams.get('oauth_token') ?? '');
      if (entry === undefined) return new Response('unknown oauth_token', { status: 400 });
      entry.verifier = randomToken();
      if (entry.callback === 'oob') return new Response(`oauth_verifier=${entry.verifier}`, { headers: { 'Content-Type': FORM } });
      const back = new URL(entry.callback);
      back.searchParams.append('oauth_token', url.searchParams.get('oauth_token') ?? '');
      back.searchParams.append('oauth_verifier', entry.verifier);
      return new Response(null, { status: 302, headers: { Location: back.href } });
    }
    const result = await verify(request);
    if (!result.ok) return new Response(`${result.reason}: ${result.message}`, { status: 401 });
    const { consumerKey, token, oauthParams } = result;
    if (url.pathname === '/initiate' && request.method === 'POST') {
      if (token !== undefined || oauthParams.oauth_callback === undefined) return new Response('§2.1: oauth_callback, and no token', { status: 400 });
      const issued = { key: randomToken(), secret: randomToken() };
      temporary.set(issued.key, { consumerKey, secret: issued.secret, callback: oauthParams.oauth_callback });
      return form({ oauth_token: issued.key, oauth_token_secret: issued.secret, oauth_callback_confirmed: 'true' }, core);
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const entry = token === undefined ? undefined : temporary.get(token);
      if (entry === undefined || entry.verifier === undefined || entry.verifier !== oauthParams.oauth_verifier) {
        return new Response('§2.3: an authorized temporary token and its verifier', { status: 401 });
      }
      temporary.delete(token as string);
      const issued = { key: randomToken(), secret: randomToken() };
      access.set(issued.key, { consumerKey, secret: issued.secret });
      return form({ oauth_token: issued.key, oauth_token_secret: issued.secret, user_id: '6253282' }, core);
    }
    if (url.pathname.startsWith('/photos')) {
      if (token === undefined || !access.has(token)) return new Response('a token credential is needed', { status: 401 });
      const reply: ResourceReply = { consumerKey, token, signatureMethod: result.signatureMethod, oauthParams, params: result.params };
      return Response.json(reply);
    }
    return new Response('not found', { status: 404 });
  }

  return { handle, requests, temporary, access };
}

/** The provider {@link createOAuthProvider} makes. */
export type OAuthProvider = ReturnType<typeof createOAuthProvider>;
