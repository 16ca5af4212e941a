// The one capped body reader (client replies, emulator requests, proxy callers): a declared
// Content-Length is trusted only when it is plain digits, a declaration over the cap is refused
// before anything is read (the body cancelled), and a body in several chunks comes back whole.
// Found unasserted by mutation testing (issue #16, target gateway-send).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayReplyTooLargeError } from '../src/index.js';
import { declaredTooLarge, readCappedBytes } from '@paysign/protocol/io';

const encoder = new TextEncoder();

/** A message whose body arrives in the given chunks; records whether it was cancelled. */
function message(chunks: string[] | null, contentLength?: string) {
  const state = { cancelled: false, pulled: 0 };
  const headers = new Headers(contentLength === undefined ? {} : { 'content-length': contentLength });
  const body =
    chunks === null
      ? null
      : new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = chunks[state.pulled++];
            if (next === undefined) controller.close();
            else controller.enqueue(encoder.encode(next));
          },
          cancel() {
            state.cancelled = true;
          },
        });
  return { carrier: { headers, body }, state };
}

describe('declaredTooLarge', () => {
  it('is true only for a plain decimal Content-Length above the cap', () => {
    expect(declaredTooLarge(message([], '11').carrier, 10)).toBe(true);
    expect(declaredTooLarge(message([], '100').carrier, 10)).toBe(true);
    expect(declaredTooLarge(message([], '10').carrier, 10)).toBe(false);
    expect(declaredTooLarge(message([], '0').carrier, 10)).toBe(false);
    expect(declaredTooLarge(message([]).carrier, 10)).toBe(false);
  });

  it('does not trust a Content-Length that is not plain digits, whatever number it might parse to', () => {
    for (const declared of ['1e3', '0x10', '+100', '100abc', 'abc100', '-100', '10 0']) {
      expect(declaredTooLarge(message([], declared).carrier, 10), declared).toBe(false);
    }
  });
});

describe('readCappedBytes', () => {
  it('refuses a declared length over the cap without reading, and cancels the body', async () => {
    const { carrier, state } = message(['12345'], '100');
    expect(await readCappedBytes(carrier, 10)).toBeUndefined();
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBe(0);
  });

  it('refuses a declared length over the cap even without a body', async () => {
    expect(await readCappedBytes(message(null, '100').carrier, 10)).toBeUndefined();
  });

  it('reads no body as empty', async () => {
    const bytes = await readCappedBytes(message(null).carrier, 10);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes).toHaveLength(0);
  });

  it('joins a body of several chunks in order', async () => {
    const bytes = await readCappedBytes(message(['type=', 'async', '-response']).carrier, 100);
    expect(new TextDecoder().decode(bytes)).toBe('type=async-response');
  });

  it('reads a body of exactly the cap, and refuses one byte more, cancelling the stream', async () => {
    expect(new TextDecoder().decode(await readCappedBytes(message(['12345', '67890']).carrier, 10))).toBe('1234567890');
    const over = message(['12345', '67890', 'x', ...Array.from({ length: 20 }, () => 'never read')]);
    expect(await readCappedBytes(over.carrier, 10)).toBeUndefined();
    expect(over.state.cancelled).toBe(true);
    // Stopped at the chunk that passed the cap (a stream may pull one ahead), far from the end.
    expect(over.state.pulled).toBeLessThanOrEqual(4);
  });
});

describe('over real HTTP: a gateway that declares more than the cap', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('is answered REPLY_TOO_LARGE at once, without waiting for the bytes it promised', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // Promises 5 MB, sends 20 bytes, and keeps the connection open.
        res.writeHead(200, { 'Content-Length': String(5 * 1024 * 1024) });
        res.write('type=async-response\n');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createGatewayClient({ baseUrl: url, endpointId: '1234', login: 'merchant', controlKey: 'k', timeoutMs: 20_000 });
    const error = await client.panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayReplyTooLargeError);
    expect((error as GatewayReplyTooLargeError).code).toBe('REPLY_TOO_LARGE');
  });
});
