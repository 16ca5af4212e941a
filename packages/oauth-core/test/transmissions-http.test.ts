// Every transmission and every kind of body over real HTTP on Node: fetch sends what the signer
// laid out, and a node:http server verifies it from the bytes it received (request-target,
// Authorization, Content-Type, body) with the project's verifier, §3.5's one place enforced.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSigner, createVerifier, type SignRequest, type Transmission } from '@paysign/oauth-core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'consumer-secret';
const verifier = createVerifier({
  lookup: (key, token) =>
    key !== 'client'
      ? undefined
      : { consumerSecret: SECRET, signatureMethods: ['HMAC-SHA1', 'HMAC-SHA256'], ...(token === 'user-1' && { tokenSecret: 'user-secret' }) },
});
let server: Server;
let origin: string;

async function bodyOf(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const bytes = await bodyOf(request);
    const contentType = request.headers['content-type'] ?? null;
    const result = await verifier.verify({
      method: request.method ?? 'GET',
      url: `${origin}${request.url ?? '/'}`,
      authorization: request.headers.authorization ?? null,
      body: bytes.length === 0 && contentType === null ? null : bytes,
      contentType,
    });
    response.writeHead(result.ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        result.ok ? { ok: true, params: result.params, bodyHash: result.oauthParams.oauth_body_hash ?? null } : { ok: false, reason: result.reason },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(transmission: Transmission, request: Omit<SignRequest, 'url'> & { path: string }) {
  const { path, ...rest } = request;
  const signer = createSigner({ consumerKey: 'client', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA256', transmission });
  const signed = await signer.sign({ ...rest, url: `${origin}${path}`, token: { key: 'user-1', secret: 'user-secret' } });
  const init: RequestInit = { method: signed.method, headers: signed.headers };
  if (signed.body !== '') init.body = signed.body as BodyInit;
  const response = await fetch(signed.url, init);
  return { status: response.status, reply: (await response.json()) as { ok: boolean; reason?: string; params?: [string, string][]; bodyHash?: string | null } };
}

describe('every transmission over real HTTP, verified by a node:http server', () => {
  const cases: [Transmission, Omit<SignRequest, 'url'> & { path: string }][] = [
    ['header', { method: 'GET', path: '/v1/orders?status=open', params: { page: '2' } }],
    ['header', { method: 'POST', path: '/v1/orders', params: { amount: '10.00', note: 'a b&c' } }],
    ['header', { method: 'POST', path: '/v1/orders', body: '{"amount":"10.00"}', contentType: 'application/json' }],
    ['header', { method: 'PUT', path: '/v1/files/1', body: new Uint8Array([0, 255, 1, 254]), contentType: 'application/octet-stream' }],
    ['header', { method: 'POST', path: '/v1/ping' }],
    ['query', { method: 'GET', path: '/v1/orders?status=open', params: { page: '2' } }],
    ['query', { method: 'POST', path: '/v1/orders', params: { amount: '10.00' } }],
    ['query', { method: 'POST', path: '/v1/orders', body: '{"amount":"10.00"}', contentType: 'application/json; charset=utf-8' }],
    ['query', { method: 'DELETE', path: '/v1/orders/7' }],
    ['body', { method: 'POST', path: '/v1/orders', params: { amount: '10.00' } }],
    ['body', { method: 'PATCH', path: '/v1/orders/7', body: 'state=closed&reason=a+b', contentType: 'application/x-www-form-urlencoded' }],
  ];
  for (const [transmission, request] of cases) {
    it(`${transmission}: ${request.method} ${request.path}${request.contentType ? ` (${request.contentType})` : ''} verifies`, async () => {
      const { status, reply } = await send(transmission, request);
      expect(reply).toMatchObject({ ok: true });
      expect(status).toBe(200);
      const raw = request.body !== undefined && !request.contentType?.startsWith('application/x-www-form-urlencoded');
      expect(reply.bodyHash !== null, 'a raw body carries its hash').toBe(raw);
    });
  }

  it('a raw body changed on the way is refused: body_hash_mismatch', async () => {
    const signer = createSigner({ consumerKey: 'client', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' });
    const signed = await signer.sign({ url: `${origin}/v1/orders`, body: '{"amount":"10.00"}', contentType: 'application/json' });
    const response = await fetch(signed.url, { method: 'POST', headers: signed.headers, body: '{"amount":"99.00"}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, reason: 'body_hash_mismatch' });
  });

  it("the gateway's header-and-body layout is refused by a verifier holding §3.5's one place", async () => {
    const signer = createSigner({ consumerKey: 'client', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', oauthParamsInBody: true });
    const signed = await signer.sign({ url: `${origin}/v1/orders`, params: { amount: '10.00' } });
    const response = await fetch(signed.url, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(await response.json()).toEqual({ ok: false, reason: 'protocol_parameters_in_several_places' });
  });
});
