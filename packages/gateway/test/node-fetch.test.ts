// createNodeFetch (node:http) against Node's global fetch (undici), over real HTTP: the same
// client requests reach a real server byte-identical; a redirect is returned, never followed; the
// timeout, the caller's signal, a refused connection, an oversize reply and TLS verification end
// as they do with fetch, with the same error messages.
import { execFileSync } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  GatewayError,
  GatewayReplyTooLargeError,
  GatewayTimeoutError,
  GatewayTransportError,
  type GatewayClientSettings,
} from '../src/index.js';
import { createNodeFetch, type NodeFetch } from '../src/node.js';
import { startServer, type SeenRequest, validPayment } from './fixtures.js';

const transfer = { clientOrderId: 'order-1', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'src-1', destinationCardRecurringPaymentId: 'dst-1' };
const APPROVED = 'type=async-response\n&serial-number=00000000-0000-0000-0000-000000000001\n&paynet-order-id=1\n&status=approved\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function nodeFetch(options?: Parameters<typeof createNodeFetch>[0]): NodeFetch {
  const fetch = createNodeFetch(options);
  cleanups.push(() => fetch.close());
  return fetch;
}

async function server(handler: Parameters<typeof startServer>[0]) {
  const started = await startServer(handler);
  cleanups.push(started.close);
  return started;
}

function client(url: string, fetch: typeof globalThis.fetch, extra: Partial<GatewayClientSettings> = {}) {
  return createGatewayClient({
    baseUrl: url,
    endpointId: '1234',
    login: 'merchant',
    controlKey: 'control-key',
    nonce: () => 'fixed-nonce',
    timestamp: () => 1_700_000_000,
    fetch,
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

/** What reaches the server, minus the headers only undici adds (its user agent, fetch metadata, compression it would decode). */
function wire(request: SeenRequest) {
  const {
    'user-agent': _agent,
    'accept-language': _language,
    'sec-fetch-mode': _mode,
    'accept-encoding': _encoding,
    connection: _connection,
    ...headers
  } = request.headers;
  return { method: request.method, path: request.path, headers, body: request.body };
}

describe('createNodeFetch: the same requests as fetch', () => {
  it('every operation, both reply formats: method, path, headers and body reach the server byte-identical', async () => {
    const gateway = await server((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(APPROVED));
    const calls = (c: ReturnType<typeof client>) => [
      () => c.transfer(transfer),
      () => c.panEligibilitySend({ clientOrderId: 'order-2', sendingCardRefId: 'ref-9' }),
      () => c.updateRecurringPayments([validPayment()]),
    ];
    for (const extra of [{}, { responseFormat: 'json' as const, realm: '' }]) {
      const viaFetch = calls(client(gateway.url, globalThis.fetch, extra));
      const viaNode = calls(client(gateway.url, nodeFetch(), extra));
      for (let i = 0; i < viaFetch.length; i++) {
        const before = gateway.seen.length;
        const fromFetch = await viaFetch[i]!();
        const fromNode = await viaNode[i]!();
        expect(gateway.seen.length).toBe(before + 2);
        const [a, b] = gateway.seen.slice(-2).map(wire);
        expect(b).toEqual(a);
        expect(a!.headers.authorization).toMatch(/^OAuth /);
        expect(a!.headers['content-length']).toBe(String(Buffer.byteLength(a!.body)));
        expect(fromNode).toEqual(fromFetch);
      }
    }
  });

  it('fetch arguments of every kind: default Content-Type, bytes, URLSearchParams, Headers, a Request', async () => {
    const gateway = await server((_request, response) => response.end('ok'));
    const node = nodeFetch();
    const inits: [string | URL | Request, RequestInit | undefined][] = [
      [`${gateway.url}/a?x=1&y=%20`, { method: 'post', body: 'text body ü' }],
      [new URL(`${gateway.url}/b`), { method: 'PUT', body: new URLSearchParams({ a: '1 2', b: 'é' }) }],
      [
        `${gateway.url}/c`,
        { method: 'POST', body: new Uint8Array([0, 1, 2, 255]), headers: new Headers({ 'X-Trace': ' padded ', 'content-type': 'application/octet-stream' }) },
      ],
      [
        `${gateway.url}/d`,
        {
          headers: [
            ['X-Many', 'one'],
            ['x-many', 'two'],
          ],
        },
      ],
      [new Request(`${gateway.url}/e`, { method: 'POST', body: 'from a Request', headers: { 'Content-Type': 'text/csv' } }), undefined],
    ];
    for (const [input, init] of inits) {
      const viaFetch = await globalThis.fetch(input instanceof Request ? input.clone() : input, init);
      const viaNode = await node(input, init);
      expect([viaNode.status, await viaNode.text()]).toEqual([viaFetch.status, await viaFetch.text()]);
      const [a, b] = gateway.seen.slice(-2).map(wire);
      expect(b).toEqual(a);
    }
    expect(gateway.seen.map((request) => request.headers['content-type'])).toEqual([
      'text/plain;charset=UTF-8',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded;charset=UTF-8',
      'application/x-www-form-urlencoded;charset=UTF-8',
      'application/octet-stream',
      'application/octet-stream',
      undefined,
      undefined,
      'text/csv',
      'text/csv',
    ]);
  });

  it('headers as a plain object (the client gives them so): read as Headers reads them, refused where fetch refuses them', async () => {
    const gateway = await server((_request, response) => response.end('ok'));
    const node = nodeFetch();
    const objects: Record<string, string>[] = [
      { 'X-Trace': ' \t padded \t ', 'x-trace': 'second', 'Content-Type': 'text/csv', Zeta: 'last', alpha: 'first' },
      { Authorization: 'OAuth realm="", oauth_signature="a%2Bb"', 'X-Latin': 'caf\u00e9' },
      Object.assign(Object.create(null) as Record<string, string>, { 'X-Null-Prototype': 'yes' }),
    ];
    for (const headers of objects) {
      await globalThis.fetch(gateway.url, { method: 'POST', body: 'x', headers });
      await node(gateway.url, { method: 'POST', body: 'x', headers });
      const [a, b] = gateway.seen.slice(-2).map(wire);
      expect(b).toEqual(a);
    }
    expect(gateway.seen[1]?.headers['x-trace']).toBe('padded, second');
    const refused: Record<string, string>[] = [
      { 'bad name': 'x' },
      { 'X-Split': 'a\r\nInjected: yes' },
      { 'X-Nul': 'a\0b' },
      { 'X-Wide': '\u20ac' },
      { '': 'x' },
    ];
    for (const headers of refused) {
      const viaFetch = await globalThis.fetch(gateway.url, { method: 'POST', body: 'x', headers }).catch((error: unknown) => error);
      const viaNode = await node(gateway.url, { method: 'POST', body: 'x', headers }).catch((error: unknown) => error);
      expect(viaFetch, JSON.stringify(headers)).toBeInstanceOf(TypeError);
      expect(viaNode, JSON.stringify(headers)).toBeInstanceOf(TypeError);
    }
    expect(gateway.seen).toHaveLength(objects.length * 2);
  });

  it('the reply: status, headers, body and url as fetch gives them', async () => {
    const gateway = await server((_request, response) => {
      response.setHeader('Set-Cookie', ['a=1', 'b=2']);
      response.writeHead(201, 'Made', { 'X-Reply': 'yes' }).end('créé');
    });
    const [a, b] = [await globalThis.fetch(`${gateway.url}/x`), await nodeFetch()(`${gateway.url}/x`)];
    expect([b.status, b.statusText, b.url, b.headers.get('x-reply'), b.headers.getSetCookie(), await b.text()]).toEqual([
      a.status,
      a.statusText,
      a.url,
      a.headers.get('x-reply'),
      a.headers.getSetCookie(),
      await a.text(),
    ]);
    expect(b.status).toBe(201);
  });

  it('keeps the connection alive across requests', async () => {
    const gateway = await server((_request, response) => response.end('ok'));
    const ports = new Set<number>();
    gateway.server.on('connection', (socket) => ports.add(socket.remotePort ?? 0));
    const node = nodeFetch();
    for (let i = 0; i < 5; i++) await (await node(gateway.url, { method: 'POST', body: 'x' })).text();
    expect(ports.size).toBe(1);
  });
});

describe('createNodeFetch: redirects, time limits and failures', () => {
  it('never follows a redirect: the 3xx comes back as is, and the Location is never requested', async () => {
    const target = await server((_request, response) => response.end(APPROVED));
    const gateway = await server((_request, response) => response.writeHead(307, { Location: `${target.url}/payment/api/v2/transfer/1234` }).end());
    const node = nodeFetch();
    for (const redirect of [undefined, 'follow', 'manual'] as const) {
      const response = await node(gateway.url, { method: 'POST', body: 'a=1', ...(redirect && { redirect }) });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(`${target.url}/payment/api/v2/transfer/1234`);
    }
    await expect(node(gateway.url, { method: 'POST', body: 'a=1', redirect: 'error' })).rejects.toThrow(TypeError);
    const viaClient = await rejection(client(gateway.url, node).transfer(transfer));
    const viaFetch = await rejection(client(gateway.url, globalThis.fetch).transfer(transfer));
    expect(viaClient.message).toBe(viaFetch.message);
    expect(viaClient.code).toBe(viaFetch.code);
    expect(target.seen).toEqual([]);
  });

  it("the client's timeout ends a request with no reply, and one whose body stalls, as TIMEOUT", async () => {
    const silent = await server(() => {});
    const stalling = await server((_request, response) => {
      response.writeHead(200, { 'Content-Length': '1000' });
      response.write('type=async');
    });
    for (const gateway of [silent, stalling]) {
      const error = await rejection(client(gateway.url, nodeFetch(), { timeoutMs: 150 }).transfer(transfer));
      expect(error).toBeInstanceOf(GatewayTimeoutError);
      expect(error.message).toBe((await rejection(client(gateway.url, globalThis.fetch, { timeoutMs: 150 }).transfer(transfer))).message);
    }
  });

  it("the caller's signal aborts: before sending, and in flight", async () => {
    const silent = await server(() => {});
    const node = nodeFetch();
    const before = new AbortController();
    before.abort();
    await expect(node(silent.url, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const pending = rejection(client(silent.url, node).transfer(transfer, { signal: during.signal }));
    while (silent.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    during.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(GatewayTransportError);
    expect(error.code).toBe('ABORTED');
    expect(error.message).toBe('transfer: aborted by the caller (the request may have reached the gateway)');
  });

  it("one signal for many requests (a bulk run's): each request's hold on it ends with the request, and it still aborts the next", async () => {
    const gateway = await server((_request, response) => response.end(APPROVED));
    const silent = await server(() => {});
    const run = new AbortController();
    for (const fetch of [nodeFetch(), globalThis.fetch]) {
      const c = client(gateway.url, fetch);
      for (let n = 0; n < 5; n++) await c.transfer(transfer, { signal: run.signal });
      await rejection(client(gateway.url, fetch).transfer({ ...transfer, amount: 'x' }, { signal: run.signal })).catch(() => {});
      expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    }
    const pending = rejection(client(silent.url, nodeFetch()).transfer(transfer, { signal: run.signal }));
    while (silent.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    expect((await pending).code).toBe('ABORTED');
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('a refused connection: TRANSPORT_FAILED with the system cause, the same message as with fetch', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const viaNode = await rejection(client(url, nodeFetch()).transfer(transfer));
    const viaFetch = await rejection(client(url, globalThis.fetch).transfer(transfer));
    expect(viaNode.message).toBe(`transfer: no reply from the gateway (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(viaNode.message).toBe(viaFetch.message);
    expect(viaNode.code).toBe('TRANSPORT_FAILED');
    expect(((viaNode.cause as Error).cause as { code: string }).code).toBe('ECONNREFUSED');
  });

  it('a status no Response can carry is a transport failure, not a crash', async () => {
    const raw = createNetServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\nok'));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => raw.close(() => resolve())));
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const error = await rejection(client(url, nodeFetch()).transfer(transfer));
    expect(error).toBeInstanceOf(GatewayTransportError);
    expect(error.code).toBe('TRANSPORT_FAILED');
    expect(error.message).toMatch(/^transfer: no reply from the gateway \(.*status.*\)$/);
  });

  it('a reply over the cap is REPLY_TOO_LARGE, and reading stopped before the whole reply was written', async () => {
    const total = 16 * 1024 * 1024;
    let written = 0;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const gateway = await server((_request, response) => {
      response.writeHead(200);
      response.on('close', finished);
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const error = await rejection(client(gateway.url, nodeFetch()).transfer(transfer));
    expect(error).toBeInstanceOf(GatewayReplyTooLargeError);
    expect(error).toMatchObject({ code: 'REPLY_TOO_LARGE', httpStatus: 200, maxReplyBytes: 1_048_576 });
    await done;
    expect(written).toBeLessThan(total);
  });

  it('verifies TLS certificates: a self-signed server is refused as fetch refuses it, and reached with its certificate as ca', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysign-node-fetch-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const tls = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
      request.resume();
      request.on('end', () => response.end(APPROVED));
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => (tls.closeAllConnections(), tls.close(() => resolve()))));
    const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
    const viaNode = await rejection(client(url, nodeFetch()).transfer(transfer));
    const viaFetch = await rejection(client(url, globalThis.fetch).transfer(transfer));
    expect(viaNode.code).toBe('TRANSPORT_FAILED');
    expect(viaNode.message).toBe('transfer: no reply from the gateway (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(viaNode.message).toBe(viaFetch.message);
    const trusted = await client(url, nodeFetch({ ca: cert })).transfer(transfer);
    expect(trusted.status).toBe('approved');
  });
});
