// Item: bodies are capped (413 before reading past the cap), parameters are counted (400 before
// the base string is built), and an unknown consumer or a stale timestamp is refused from the
// Authorization header alone, before the body is read. All over HTTP on loopback.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, post, readReply } from '../independent-signer.js';

const MiB = 1024 * 1024;
const hmac = { method: 'HMAC-SHA1', controlKey: 'caps-control-key' } as const;
const events: EmulatorEvent[] = [];
let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({ merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'] }], log: (event) => events.push(event) });
});
afterAll(() => server.close());

const target = () => `${server.url}/payment/api/v2/pan-eligibility/send/1234`;
const signedHeader = (login = 'merchant', timestamp?: string) =>
  handSign(target(), login, hmac, [['client-order-id', 'o-1']], timestamp === undefined ? {} : { timestamp }).authorization;

// The order a stillServes() opened reports its callback a second later, maybe during a later test:
// what a test refused is read from the refusals.
const refusalsSince = (before: number) => events.slice(before).filter((event) => event.kind === 'refused');

/** A normal signed request right after an attack: the server still answers. */
async function stillServes(): Promise<void> {
  const signed = handSign(target(), 'merchant', hmac, [
    ['client-order-id', 'after'],
    ['sending-card-ref-id', 'r-1'],
  ]);
  const response = await post(target(), signed);
  expect(response.status).toBe(200);
  expect(readReply(response.text)['merchant-order-id']).toBe('after');
}

/**
 * Posts a chunked body of `a=1&` repeated, produced only as the connection pulls it: `total`
 * bytes, then (with `holdOpen`) the body stays open, unfinished, until the response arrives.
 * Resolves with the status and how many bytes the client had produced when the response came.
 */
async function postStream(authorization: string, total: number, holdOpen = false): Promise<{ status: number; producedAtResponse: number }> {
  const chunk = new TextEncoder().encode('a=1&'.repeat(16 * 1024)); // 64 KiB
  let produced = 0;
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let isAnswered = false;
  const controller = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      if (!isAnswered && produced >= total && holdOpen) await answered;
      if (isAnswered || produced >= total) return stream.close();
      produced += chunk.length;
      stream.enqueue(chunk);
    },
  });
  // A safety bound, not a timing assertion: code that waits for the whole body never answers.
  const guard = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(target(), {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch((error: unknown) => {
      throw new Error(`no answer while the body was still being sent (${String(error)})`);
    });
    isAnswered = true;
    answer();
    const producedAtResponse = produced;
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, producedAtResponse };
  } finally {
    clearTimeout(guard);
    isAnswered = true;
    answer();
    controller.abort();
  }
}

/** Declares a 100 MB body with Content-Length and sends only its first bytes: the server must answer from the header. */
function postDeclared(authorization: string, length: number): Promise<number> {
  const url = new URL(target());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(length) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', reject);
    req.write('a=1&'.repeat(1024));
    // The rest is never sent: only an answer from the header can resolve this.
  });
}

describe('body cap (default 1 MiB)', () => {
  it('answers 413 to a Content-Length over the cap without waiting for the body, and keeps serving', async () => {
    const before = events.length;
    expect(await postDeclared(signedHeader(), 100 * 1000 * 1000)).toBe(413);
    expect(refusalsSince(before)).toEqual([expect.objectContaining({ kind: 'refused', status: 413, reason: 'body_too_large' })]);
    await stillServes();
  });

  it('answers 413 to an unauthenticated Content-Length over the cap as well', async () => {
    expect(await postDeclared('OAuth oauth_consumer_key="nobody"', 100 * 1000 * 1000)).toBe(413);
    await stillServes();
  });

  it('answers 413 to a chunked body once it passes the cap, having read little more than the cap, and keeps serving', async () => {
    const before = events.length;
    const { status, producedAtResponse } = await postStream(signedHeader(), 100 * 1000 * 1000);
    expect(status).toBe(413);
    // The client had produced far less than the 100 MB it offered when the answer came.
    expect(producedAtResponse).toBeLessThan(16 * MiB);
    expect(refusalsSince(before)).toEqual([expect.objectContaining({ kind: 'refused', status: 413, reason: 'body_too_large' })]);
    await stillServes();
  });

  it('accepts a body just under the cap as far as the cap goes (it is then judged by the verifier)', async () => {
    const signed = handSign(target(), 'merchant', hmac, [
      ['client-order-id', 'big'],
      ['sending-card-ref-id', 'r-1'],
      ['pad', 'x'.repeat(MiB - 2048)],
    ]);
    const response = await post(target(), signed);
    expect(response.status).toBe(200);
  });
});

describe('cheap checks first: the Authorization header is judged before the body is read', () => {
  it('refuses an unknown consumer with 403 while the body is still arriving', async () => {
    const before = events.length;
    const { status, producedAtResponse } = await postStream(signedHeader('stranger'), 256 * 1024, true);
    expect(status).toBe(403);
    expect(producedAtResponse).toBeLessThanOrEqual(256 * 1024);
    expect(refusalsSince(before)).toEqual([expect.objectContaining({ kind: 'refused', reason: 'unknown_consumer' })]);
    await stillServes();
  });

  it('refuses a stale timestamp with 403 while the body is still arriving', async () => {
    const before = events.length;
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    const { status } = await postStream(signedHeader('merchant', stale), 256 * 1024, true);
    expect(status).toBe(403);
    expect(refusalsSince(before)).toEqual([expect.objectContaining({ kind: 'refused', reason: 'stale_timestamp' })]);
  });

  it('refuses a request without an Authorization header with 403 while the body is still arriving', async () => {
    const { status } = await postStream('', 256 * 1024, true);
    expect(status).toBe(403);
  });
});

describe('parameter cap (default 128)', () => {
  it('answers 400 to a signed body with too many parameters, before verifying it', async () => {
    const params: [string, string][] = Array.from({ length: 200 }, (_, i) => [`p${i}`, '1']);
    const before = events.length;
    const response = await post(target(), handSign(target(), 'merchant', hmac, params));
    expect(response.status).toBe(400);
    expect(response.text).toBe('');
    expect(refusalsSince(before)).toEqual([expect.objectContaining({ kind: 'refused', status: 400, reason: 'too_many_parameters' })]);
    await stillServes();
  });

  it('counts the query string too', async () => {
    const query = Array.from({ length: 200 }, (_, i) => `q${i}=1`).join('&');
    const withQuery = `${target()}?${query}`;
    const response = await post(withQuery, handSign(withQuery, 'merchant', hmac, [['client-order-id', 'o-1']]));
    expect(response.status).toBe(400);
  });
});
