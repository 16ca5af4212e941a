// toNodeListener (issue 28 item 3): the fetch-style createCallbackHandler behind real Express,
// Fastify and Koa servers (and plain node:http), receiving the emulator's recurring callbacks over real
// HTTP: each charge's callback is verified and handled once, a forged copy is refused, and the
// raw query string reaches the handler untouched.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { createCallbackHandler, type GatewayCallback } from '@paysign/gateway';
import { toNodeListener } from '@paysign/gateway/node';

const merchant = { login: 'merchant', controlKey: 'listener-control-key', endpointIds: ['1234'], currency: 'EUR' } as const;

interface Receiver {
  url: string;
  received: GatewayCallback[];
  close(): Promise<void>;
}

function callbackHandler(received: GatewayCallback[], orderId: string) {
  return createCallbackHandler({
    controlKey: merchant.controlKey,
    findOrder: (merchantOrder) => (merchantOrder === orderId ? { amount: '19.99' } : undefined),
    onCallback: (callback) => void received.push(callback),
  });
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const receivers: Record<string, (orderId: string) => Promise<Receiver>> = {
  express: async (orderId) => {
    const received: GatewayCallback[] = [];
    const app = express();
    // Mounted under a router path: the listener reads the original URL, query included.
    const router = express.Router();
    router.get('/paysign', toNodeListener(callbackHandler(received, orderId)));
    app.use('/callbacks', router);
    const server = createServer(app);
    const port = await listening(server);
    return { url: `http://127.0.0.1:${port}/callbacks/paysign`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
  },
  fastify: async (orderId) => {
    const received: GatewayCallback[] = [];
    const app = Fastify();
    const listener = toNodeListener(callbackHandler(received, orderId));
    app.get('/callbacks', (request, reply) => {
      reply.hijack();
      listener(request.raw, reply.raw);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/callbacks`, received, close: () => app.close() };
  },
  koa: async (orderId) => {
    const received: GatewayCallback[] = [];
    const app = new Koa();
    const listener = toNodeListener(callbackHandler(received, orderId));
    app.use((ctx) => {
      ctx.respond = false; // Koa hands the raw request and response over
      listener(ctx.req, ctx.res);
    });
    const server = createServer(app.callback());
    const port = await listening(server);
    return { url: `http://127.0.0.1:${port}/callbacks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
  },
  'node:http': async (orderId) => {
    const received: GatewayCallback[] = [];
    const server = createServer(toNodeListener(callbackHandler(received, orderId)));
    const port = await listening(server);
    return { url: `http://127.0.0.1:${port}/callbacks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
  },
};

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await serve({ merchants: [merchant], clock: 'virtual', today: '30.01.2030', callbackAttempts: 3, callbackBackoffMs: 1, log: () => {}, seed: 3 });
});
afterAll(() => emulator.close());

async function admin(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return response.json();
}

describe.each(Object.keys(receivers))('a %s receiver handles the emulator callbacks', (name) => {
  let receiver: Receiver;
  const id = `rp-${name.replace(/[^a-z]/g, '')}`;
  const orderId = `order-${name.replace(/[^a-z]/g, '')}`;
  beforeAll(async () => {
    receiver = await (receivers[name] as (orderId: string) => Promise<Receiver>)(orderId);
  });
  afterAll(() => receiver.close());

  it('every charge called back, verified and handled once', async () => {
    await admin('POST', '/emulator/recurring-payments', {
      'recurring-payment-id': id,
      'client-orderid': orderId,
      'credit-card-number': '4111111111111111',
      amount: '19.99',
      period: 'day',
      interval: 1,
      'start-date': '31.01.2030',
      'max-repeats-number': 2,
      server_callback_url: receiver.url,
    });
    await admin('POST', '/emulator/clock', { advanceDays: 5 });
    await emulator.emulator.recurring.callbacksSettled();
    const life = await admin('GET', `/emulator/recurring-payments/${id}`);
    expect(life.charges.length).toBe(3);
    expect(life.callbacks.map((callback: { state: string; lastStatus: number }) => [callback.state, callback.lastStatus])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
      ['delivered', 200],
    ]);
    expect(receiver.received.map((callback) => callback.orderid).sort()).toEqual(life.charges.map((charge: { orderid: string }) => charge.orderid).sort());
    expect(receiver.received.every((callback) => callback.merchantOrder === orderId && callback.status === 'approved')).toBe(true);
  });

  it('a forged callback is refused 403, a replay answered 200 without a second handling', async () => {
    const charge = receiver.received[0] as GatewayCallback;
    const query = new URLSearchParams(Object.entries(charge.unverified).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    // The emulator's own delivery is the genuine copy: resend it.
    const life = await admin('GET', `/emulator/recurring-payments/${id}`);
    const before = receiver.received.length;
    expect(await emulator.emulator.recurring.resendCallback(id, charge.orderid)).toBe(true);
    await emulator.emulator.recurring.callbacksSettled();
    expect(receiver.received.length).toBe(before);
    expect(life.callbacks.length).toBeGreaterThan(0);
    query.set('status', 'approved');
    query.set('orderid', charge.orderid);
    query.set('merchant_order', orderId);
    query.set('control', '0'.repeat(40));
    const forged = await fetch(`${receiver.url}?${query}`);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toMatch(/^refused: /);
    expect(receiver.received.length).toBe(before);
  });
});

describe('toNodeListener passes the request through untouched', () => {
  let server: Server;
  let port: number;
  const seen: { url: string; method: string; body: string; header: string | null }[] = [];
  beforeAll(async () => {
    server = createServer(
      toNodeListener(
        async (request) => {
          seen.push({ url: request.url, method: request.method, body: await request.text(), header: request.headers.get('x-trace') });
          return new Response('teapot', { status: 418, headers: { 'X-Answer': 'yes', 'Set-Cookie': 'a=1' } });
        },
        { maxBodyBytes: 16 },
      ),
    );
    port = await listening(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function raw(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: response.headers }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('the raw query string (+, %2B, %20, %26 as sent), method, headers and body reach the handler; the reply comes back as it is', async () => {
    const reply = await raw('POST', '/cb?a=1+2&b=%2B&c=x%20y&d=%26&a=3', 'k=v&w=%2B', { 'X-Trace': 't-1' });
    expect(reply).toMatchObject({ status: 418, text: 'teapot' });
    expect(reply.headers['x-answer']).toBe('yes');
    expect(reply.headers['set-cookie']).toEqual(['a=1']);
    expect(seen.at(-1)).toEqual({ url: `http://127.0.0.1:${port}/cb?a=1+2&b=%2B&c=x%20y&d=%26&a=3`, method: 'POST', body: 'k=v&w=%2B', header: 't-1' });
  });

  it('a body past maxBodyBytes is refused 413, declared or streamed, and the handler never runs', async () => {
    const count = seen.length;
    expect((await raw('POST', '/cb', 'x'.repeat(17))).status).toBe(413);
    const chunked = await raw('POST', '/cb', 'y'.repeat(40), { 'Transfer-Encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    expect(seen.length).toBe(count);
  });

  it('a handler that throws answers 500 without its message', async () => {
    const failing = createServer(
      toNodeListener(() => {
        throw new Error('secret detail 4111111111111111');
      }),
    );
    const failingPort = await listening(failing);
    const response = await fetch(`http://127.0.0.1:${failingPort}/cb`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('the request could not be handled');
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  });
});
