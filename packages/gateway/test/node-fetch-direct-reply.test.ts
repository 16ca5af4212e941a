// The client reads createNodeFetch's replies straight from node:http (no Response per reply). A
// differential test over real HTTP: for each reply, the client over createNodeFetch and the client
// over the same fetch hidden behind a plain function (so read through its Response, as any other
// fetch is) give the same result, or the same typed error with the same message and fields.
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayError, type GatewayClientOptions } from '../src/index.js';
import { createNodeFetch } from '../src/node.js';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from './fixtures.js';

const transfer = { clientOrderId: 'order-1', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'src-1', destinationCardRecurringPaymentId: 'dst-1' };
const APPROVED = 'type=async-response\n&serial-number=00000000-0000-0000-0000-000000000001\n&paynet-order-id=1\n&status=approved\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const replies: Record<string, (response: ServerResponse) => void> = {
  'a form reply': (r) => r.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' }).end(APPROVED),
  'a form reply in two chunks': (r) => {
    r.writeHead(200, { 'Content-Type': 'text/plain' });
    r.write(APPROVED.slice(0, 30));
    setTimeout(() => r.end(APPROVED.slice(30)), 10);
  },
  'a JSON reply': (r) =>
    r
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ type: 'async-response', status: 'approved', 'serial-number': 's-1', 'paynet-order-id': '7' })),
  'a BOM and malformed UTF-8': (r) => r.writeHead(200).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(APPROVED), Buffer.from([0xff, 0xfe])])),
  'a 500 with its error id in a repeated header': (r) =>
    r
      .writeHead(500, [
        ['X-Error-Id', 'e-1'],
        ['x-error-id', 'e-2'],
      ])
      .end(),
  'a 403 with no body': (r) => r.writeHead(403).end(),
  'a 204': (r) => r.writeHead(204).end(),
  'a 302 (never followed)': (r) => r.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere' }).end(),
  'a Content-Length over the cap': (r) => r.writeHead(200, { 'Content-Length': '2000' }).end('x'.repeat(2000)),
  'a chunked body over the cap': (r) => r.writeHead(200).end('x'.repeat(1025)),
  'a body exactly at the cap': (r) => r.writeHead(200).end(`${APPROVED}${'#'.repeat(1024 - APPROVED.length)}`),
  'a connection broken mid-body': (r) => {
    r.writeHead(200, { 'Content-Length': '500' });
    r.write('type=async');
    setTimeout(() => r.socket?.destroy(), 10);
  },
};

async function outcome(promise: Promise<unknown>) {
  try {
    return { result: await promise };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { error: { name: error.name, code: error.code, message: error.message, fields: { ...error } } };
  }
}

describe("createNodeFetch's direct reply reader", () => {
  for (const [name, reply] of Object.entries(replies)) {
    it(`${name}: the same result or typed error as through a Response`, async () => {
      const gateway = await startServer((_request, response) => reply(response));
      cleanups.push(gateway.close);
      const node = createNodeFetch();
      cleanups.push(() => node.close());
      // The reader the client looks for (a plain function wrapping the fetch has none).
      expect(typeof (node as unknown as Record<symbol, unknown>)[Symbol.for('@paysign/gateway.readReply(url,post,maxBytes,abort)')]).toBe('function');
      const throughResponse: typeof fetch = (input, init) => node(input, init);
      const settings = (fetch: typeof globalThis.fetch): GatewayClientOptions => ({
        baseUrl: gateway.url,
        endpointId: '1234',
        login: 'merchant',
        controlKey: 'control-key',
        nonce: () => 'fixed-nonce',
        timestamp: () => 1_700_000_000,
        maxReplyBytes: 1024,
        timeoutMs: 2_000,
        fetch,
      });
      const direct = await outcome(createGatewayClient(settings(node)).transfer(transfer));
      const viaResponse = await outcome(createGatewayClient(settings(throughResponse)).transfer(transfer));
      expect(direct).toEqual(viaResponse);
    });
  }
});

describe("the direct reader's contract is named by its signature (#35 item 4)", () => {
  it('a fetch carrying a reader under another name (an earlier release: no abort argument) is read through its Response, its reader never called', async () => {
    const gateway = await startServer((_request, response) => response.writeHead(200).end(APPROVED));
    cleanups.push(gateway.close);
    const node = createNodeFetch();
    cleanups.push(() => node.close());
    let called = 0;
    const refuse = () => {
      called++;
      return Promise.reject(new Error('the reader of another release was called'));
    };
    // No abort argument; then a RequestInit for the POST (releases before the DirectPost).
    const older = Object.assign((input: string | URL | Request, init?: RequestInit) => node(input, init), {
      [Symbol.for('@paysign/gateway.readReply')]: refuse,
      [Symbol.for('@paysign/gateway.readReply(url,init,maxBytes,abort)')]: refuse,
    });
    const options: GatewayClientOptions = { baseUrl: gateway.url, endpointId: '1234', login: 'merchant', controlKey: 'control-key', timeoutMs: 2_000 };
    const result = await createGatewayClient({ ...options, fetch: older }).transfer(transfer);
    expect(result).toEqual(await createGatewayClient({ ...options, fetch: node }).transfer(transfer));
    expect(called).toBe(0);
  });
});

describe('the direct reader sends what fetch sends (#35 item 4)', () => {
  for (const responseFormat of ['form', 'json'] as const) {
    it(`the same request line, header lines in the same order and body, byte for byte (responseFormat ${responseFormat})`, async () => {
      const seen: { method: string | undefined; url: string | undefined; rawHeaders: string[]; body: string }[] = [];
      const server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          seen.push({ method: request.method, url: request.url, rawHeaders: request.rawHeaders, body: Buffer.concat(chunks).toString('latin1') });
          response.writeHead(200).end(APPROVED);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      const node = createNodeFetch();
      cleanups.push(() => node.close());
      const throughFetch: typeof fetch = (input, init) => node(input, init);
      const options: GatewayClientOptions = {
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        endpointId: '1234',
        login: 'merchant',
        controlKey: 'control-key',
        nonce: () => 'fixed-nonce',
        timestamp: () => 1_700_000_000,
        responseFormat,
      };
      // A card number and a description with spaces and non-ASCII text: the form body is percent-encoded.
      const params = { client_orderid: 'order-1', description: 'Crème brûlée, 2 × 4111 1111 1111 1111', amount: '10.00' };
      await createGatewayClient({ ...options, fetch: node }).request('status', params);
      await createGatewayClient({ ...options, fetch: throughFetch }).request('status', params);
      expect(seen).toHaveLength(2);
      expect(seen[0]).toEqual(seen[1]);
      expect(seen[0]?.rawHeaders.filter((_, i) => i % 2 === 0)).toEqual(
        responseFormat === 'json'
          ? ['host', 'accept', 'authorization', 'content-type', 'content-length', 'Connection']
          : ['host', 'authorization', 'content-type', 'accept', 'content-length', 'Connection'],
      );
    });
  }
});
