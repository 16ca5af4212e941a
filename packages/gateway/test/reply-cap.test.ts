// A reply larger than the cap is reported as what it is: the gateway answered, the reply was too
// long to read, and the request may have been executed (attack finding 8). Over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  DEFAULT_MAX_REPLY_BYTES,
  GatewayError,
  GatewayReplyTooLargeError,
  GatewayTransportError,
  GatewayValidationError,
  type GatewayClientSettings,
} from '../src/index.js';

const transfer = { clientOrderId: 'order-1', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'src-1', destinationCardRecurringPaymentId: 'dst-1' };
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Streams `total` bytes of reply in 64 KiB chunks (bounded), chunked or with a Content-Length; reports how much it wrote. */
async function streamingServer(total: number, withLength: boolean): Promise<{ url: string; written: () => number; finished: Promise<void> }> {
  let written = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      written = 0;
      res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded', ...(withLength && { 'Content-Length': String(total) }) });
      const pump = () => {
        while (written < total) {
          const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - written));
          written += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
        finish();
      };
      res.on('close', finish);
      pump();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, written: () => written, finished };
}

function client(url: string, extra: Partial<GatewayClientSettings> = {}) {
  return createGatewayClient({ baseUrl: url, endpointId: '1234', login: 'merchant', controlKey: 'control-key', ...extra });
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

describe('the reply-size cap', () => {
  it('defaults to 1 MiB', () => {
    expect(DEFAULT_MAX_REPLY_BYTES).toBe(1_048_576);
  });

  for (const withLength of [false, true]) {
    it(`a transfer reply over the default cap (${withLength ? 'Content-Length' : 'chunked'}) is REPLY_TOO_LARGE: answered, may have been executed`, async () => {
      const total = 16 * 1024 * 1024;
      const gateway = await streamingServer(total, withLength);
      const error = await rejection(client(gateway.url).transfer(transfer));
      expect(error).toBeInstanceOf(GatewayReplyTooLargeError);
      expect(error).not.toBeInstanceOf(GatewayTransportError);
      expect(error.code).toBe('REPLY_TOO_LARGE');
      expect(error).toMatchObject({ httpStatus: 200, maxReplyBytes: 1_048_576 });
      expect(error.message).toBe(
        'transfer: the gateway answered (HTTP 200) but its reply exceeded 1048576 bytes, so it was not read; ' +
          'the request MAY HAVE BEEN EXECUTED: check its outcome before sending it again',
      );
      expect(error.message).not.toMatch(/no reply|failed/i);
      // Reading stopped at the cap: the server did not get to write the whole reply.
      await gateway.finished;
      expect(gateway.written()).toBeLessThan(total);
    });
  }

  it('takes a smaller or larger cap per client; a reply at the cap is read', async () => {
    const gateway = await streamingServer(100_000, false);
    const small = await rejection(client(gateway.url, { maxReplyBytes: 99_999 }).transfer(transfer));
    expect(small).toMatchObject({ code: 'REPLY_TOO_LARGE', maxReplyBytes: 99_999 });
    // 100 000 bytes of "a" is not a gateway reply, but it was read whole: the parser saw it.
    const read = await rejection(client(gateway.url, { maxReplyBytes: 100_000 }).transfer(transfer));
    expect(read.code).toBe('UNEXPECTED_RESPONSE');
  });

  it('refuses a cap that is not a positive whole number of bytes', () => {
    for (const maxReplyBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1' as never]) {
      expect(() => client('http://127.0.0.1:9', { maxReplyBytes })).toThrow(GatewayValidationError);
    }
  });
});
