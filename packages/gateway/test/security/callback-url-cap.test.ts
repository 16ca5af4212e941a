// createCallbackHandler under attack, over real node:http and toNodeListener: a URL longer than
// maxUrlBytes is refused (403 `refused: url_too_long`) before it is parsed, its checksum computed
// or the store touched, even when the callback in it is genuine; the gateway's largest callback
// (every field at the spec's length, percent-encoded) fits the default with room to spare.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CallbackSeenStore,
  createCallbackHandler,
  createMemoryCallbackStore,
  createTestCallback,
  GatewayValidationError,
  type GatewayTelemetry,
  type TelemetryAttributes,
} from '../../src/index.js';
import { toNodeListener } from '../../src/node.js';

const controlKey = 'control-key-for-the-url-cap-attack';
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** What the handler did: findOrder and onCallback calls, the store's claims, the spans' attributes. */
function counted(options: { maxUrlBytes?: number } = {}) {
  const calls = { findOrder: 0, onCallback: 0, claims: 0 };
  const spans: TelemetryAttributes[] = [];
  const memory = createMemoryCallbackStore();
  const seen: CallbackSeenStore = { ...memory, claim: (key) => (calls.claims++, memory.claim(key)) };
  const telemetry: GatewayTelemetry = {
    startSpan: (_name, _kind, attributes) => {
      const span = { ...attributes };
      spans.push(span);
      return { setAttributes: (more) => Object.assign(span, more), fail() {}, end() {} };
    },
  };
  const handler = createCallbackHandler({
    controlKey,
    seen,
    telemetry,
    findOrder: () => (calls.findOrder++, {}),
    onCallback: () => void calls.onCallback++,
    ...options,
  });
  return { handler, calls, spans };
}

/** The handler behind real node:http (a head of up to 8 MiB accepted, as some servers and proxies do). */
async function serve(handler: (request: Request) => Promise<Response>): Promise<string> {
  server = createServer({ maxHeaderSize: 8 * 1024 * 1024 }, toNodeListener(handler));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A genuine callback to `base`'s path, its URL padded with an unsigned `comment` to exactly `bytes`. */
async function genuineOf(base: string, bytes: number, merchantOrder: string): Promise<string> {
  const fields = { url: `${base}/callbacks`, controlKey, status: 'approved', orderid: '9021', merchantOrder };
  const bare = (await createTestCallback({ ...fields, comment: '' })).url;
  const url = (await createTestCallback({ ...fields, comment: 'x'.repeat(bytes - bare.length) })).url;
  expect(url.length).toBe(bytes);
  return url;
}

async function get(url: string): Promise<[number, string]> {
  const response = await fetch(url);
  return [response.status, await response.text()];
}

describe('the callback URL is capped in bytes before any work (maxUrlBytes)', () => {
  it('a genuine callback at the cap is handled; one byte over is 403 url_too_long, nothing parsed, looked up or claimed', async () => {
    const { handler, calls, spans } = counted({ maxUrlBytes: 2_048 });
    const base = await serve(handler);
    expect(await get(await genuineOf(base, 2_048, 'order-at-cap'))).toEqual([200, 'OK']);
    expect(calls).toEqual({ findOrder: 1, onCallback: 1, claims: 1 });
    // The same genuine callback, one byte longer: its checksum would pass, so refusing it shows the cap comes first.
    expect(await get(await genuineOf(base, 2_049, 'order-over-cap'))).toEqual([403, 'refused: url_too_long']);
    expect(calls).toEqual({ findOrder: 1, onCallback: 1, claims: 1 });
    expect(spans.at(-1)).toMatchObject({ 'paysign.callback.verdict': 'refused', 'paysign.callback.refusal': 'url_too_long', 'http.response.status_code': 403 });
  });

  it('a 4 MiB URL of 200,000 parameters is refused under the default cap without reaching the store', async () => {
    const { handler, calls } = counted();
    const base = await serve(handler);
    const query = Array.from({ length: 200_000 }, (_, i) => `p${i}=${'x'.repeat(16)}`).join('&');
    const url = `${base}/callbacks?${query}`;
    expect(url.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(await get(url)).toEqual([403, 'refused: url_too_long']);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(403);
    expect(calls).toEqual({ findOrder: 0, onCallback: 0, claims: 0 });
  });

  it("the gateway's largest callback (each field at the spec's length, non-ASCII percent-encoded) is handled under the default", async () => {
    const { handler, calls } = counted();
    const base = await serve(handler);
    // notify_url: 1,024 characters (spec); client-orderid: 128 (spec), here 4-byte characters, 12 bytes each once encoded.
    const path = `/callbacks/${'n'.repeat(1_024 - base.length - '/callbacks/'.length)}`;
    const id = '\u{1F600}'.repeat(64); // 128 UTF-16 characters
    const request = await createTestCallback({
      url: `${base}${path}`,
      controlKey,
      status: 'approved',
      orderid: '12345678901234567890',
      merchantOrder: `o${id.slice(0, -2)}`,
      client_orderid: `o${id.slice(0, -2)}`,
      amount: '9999999.99',
      type: 'chargeback',
      comment: 'é'.repeat(255), // not in the spec's table: 255 two-byte characters
      merchantdata: 'é'.repeat(255),
    });
    expect(`${base}${path}`.length).toBe(1_024);
    expect(request.url.length).toBeGreaterThan(5_500);
    expect(request.url.length).toBeLessThan(16_384 / 2); // under half the default: room to spare
    expect(await get(request.url)).toEqual([200, 'OK']);
    expect(calls).toEqual({ findOrder: 1, onCallback: 1, claims: 1 });
  });

  it('counts bytes, not characters: a URL of non-ASCII characters within the cap in characters but over it in UTF-8 is refused', async () => {
    const { handler, calls } = counted({ maxUrlBytes: 100 });
    // A Request's URL is always percent-encoded ASCII; a handler given a hand-made object measures its UTF-8.
    const raw = { method: 'GET', url: `http://shop.example/cb?c=${'é'.repeat(60)}` } as unknown as Request;
    expect(raw.url.length).toBeLessThanOrEqual(100);
    expect((await handler(raw)).status).toBe(403);
    expect(calls.claims).toBe(0);
  });

  it('a method other than GET or HEAD is 405 and named in the span only if it is a known one (`_OTHER` else)', async () => {
    const { handler, spans } = counted();
    expect((await handler(new Request('http://shop.example/cb', { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await handler(new Request('http://shop.example/cb', { method: `X${'Y'.repeat(5_000)}` }))).status).toBe(405);
    expect(spans.map((span) => span['http.request.method'])).toEqual(['POST', '_OTHER']);
  });

  it('refuses a maxUrlBytes that is not a positive whole number, naming it', () => {
    for (const maxUrlBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '16384']) {
      let thrown: unknown;
      try {
        createCallbackHandler({ controlKey, findOrder: () => ({}), onCallback: () => {}, maxUrlBytes: maxUrlBytes as number });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(GatewayValidationError);
      expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS', issues: [{ field: 'maxUrlBytes' }] });
    }
  });
});
