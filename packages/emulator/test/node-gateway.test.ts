// The Node server answers the gateway's paths from node:http directly (src/node-gateway.ts), not
// through a fetch Request: a differential test against the emulator's own fetch handler, over real
// HTTP, for accepted and refused requests of each kind: the same status, headers (but Date) and
// body (but the random serial number), and the same request log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign } from './independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'node-path-key' } as const;
const options = (): EmulatorOptions => ({
  merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'], currency: 'EUR' }],
  log: () => {},
  maxBodyBytes: 4096,
  maxParameters: 16,
});

let server: RunningEmulator;
let reference: Emulator;
beforeAll(async () => {
  server = await serve(options());
  reference = createEmulator(options());
});
afterAll(() => server.close());

type Case = { name: string; method?: string; path: string; headers?: Record<string, string>; body?: string; sign?: [string, string][]; chunked?: true };

const FORM = 'application/x-www-form-urlencoded; charset=utf-8';
const cases: Case[] = [
  {
    name: 'an accepted pan-eligibility/send',
    path: 'v2/pan-eligibility/send/1234',
    sign: [
      ['client-order-id', 'n-1'],
      ['sending-card-ref-id', 'r-1'],
    ],
  },
  {
    name: 'an accepted request asking for JSON',
    path: 'v4/pan-eligibility/send/1234',
    headers: { Accept: 'application/vnd.pay+json' },
    sign: [
      ['client-order-id', 'n-2'],
      ['sending-card-ref-id', 'r-2'],
    ],
  },
  { name: 'a validation error', path: 'v2/pan-eligibility/send/1234', sign: [['client-order-id', 'n-3']] },
  { name: 'an unsigned request', path: 'v2/pan-eligibility/send/1234', headers: { 'Content-Type': FORM }, body: 'client_orderid=x' },
  { name: 'a wrong signature', path: 'v2/pan-eligibility/send/1234', headers: { 'Content-Type': FORM, Authorization: 'wrong' }, sign: [['a', '1']] },
  { name: 'an unknown route', path: 'v9/nothing/1234', headers: { 'Content-Type': FORM }, body: 'a=1' },
  { name: 'a GET of an operation path', method: 'GET', path: 'v2/pan-eligibility/send/1234' },
  { name: 'a JSON body', path: 'v2/pan-eligibility/send/1234', headers: { 'Content-Type': 'application/json' }, body: '{}' },
  // Chunked (no Content-Length to refuse it by): cut by the running count.
  { name: 'a body over the cap', path: 'v2/pan-eligibility/send/1234', sign: [['a', 'x'.repeat(5000)]], chunked: true },
  {
    name: 'an endpoint not assigned',
    path: 'v2/pan-eligibility/send/999',
    sign: [
      ['client-order-id', 'n-4'],
      ['sending-card-ref-id', 'r-4'],
    ],
  },
];

function requestOf(c: Case, base: string): { url: string; init: RequestInit } {
  const url = `${base}/payment/api/${c.path}`;
  const headers: Record<string, string> = { ...c.headers };
  let body = c.body;
  if (c.sign !== undefined) {
    const signed = handSign(url, 'merchant', hmac, c.sign, { oauthInBody: true });
    headers.Authorization =
      headers.Authorization === 'wrong' ? signed.authorization.replace(/oauth_signature="[^"]*"/, 'oauth_signature="AAAA"') : signed.authorization;
    headers['Content-Type'] ??= FORM;
    body = signed.body;
  }
  if (c.chunked === true && body !== undefined) {
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream({ start: (controller) => (controller.enqueue(bytes), controller.close()) });
    return { url, init: { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit };
  }
  return { url, init: { method: c.method ?? 'POST', headers, ...(body !== undefined && { body }) } };
}

const shape = async (response: Response) => {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'content-length'));
  const body = (await response.text()).replace(/(serial-number[=":]+)[0-9a-f-]{36}/g, '$1SERIAL');
  return { status: response.status, headers, body };
};

describe('the Node server answers gateway paths as the fetch handler does', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const { url, init } = requestOf(c, server.url);
      const again = requestOf(c, server.url).init; // a stream body is read once
      const [overHttp, inProcess] = [await fetch(url, init), await reference.fetch(new Request(url, again))];
      const bodyLength = Number(overHttp.headers.get('content-length'));
      const [http, local] = [await shape(overHttp), await shape(inProcess)];
      expect(http).toEqual(local);
      expect(bodyLength).toBe(Buffer.byteLength(http.body.replace('SERIAL', 'x'.repeat(36))));
    });
  }

  it('the connection is kept alive after a refusal with an unread body, and closed after a body over the cap', async () => {
    const { url, init } = requestOf(cases[5] as Case, server.url);
    expect((await fetch(url, init)).headers.get('connection')).toBe('keep-alive');
    const over = requestOf(cases[8] as Case, server.url);
    expect((await fetch(over.url, over.init)).headers.get('connection')).toBe('close');
  });
});
