// paysign send <command> for a command the CLI does not wrap: the real binary, a real HTTP server,
// and a verifier written here from RFC 5849 with node:crypto only (no paysign code).
import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
const PAN = '4111111111111111';
const CONTROL_KEY = 'the control key';
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** RFC 5849 §3.4.1-3.4.3 by hand: the header's and the body's parameters, sorted, the signature checked with the merchant's key. */
function verifyIndependently(request: Seen, origin: string): { method: string; params: Map<string, string> } {
  const header = new Map<string, string>();
  for (const part of (request.headers.authorization ?? '').replace(/^OAuth /, '').split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (match !== null) header.set(match[1] as string, decodeURIComponent(match[2] as string));
  }
  const body = request.body === '' ? [] : request.body.split('&').map((pair) => pair.split('=').map(decode) as [string, string]);
  const signature = header.get('oauth_signature') ?? '';
  header.delete('oauth_signature');
  header.delete('realm');
  // HMAC-SHA1 repeats the oauth_* parameters in the body (the gateway's example): they count once, from the header.
  const inBody = body.filter(([name]) => !name.startsWith('oauth_'));
  expect(body.filter(([name]) => name.startsWith('oauth_') && name !== 'oauth_signature').every(([name, value]) => header.get(name) === value)).toBe(true);
  const pairs = [...inBody, ...header]
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a, av], [b, bv]) => (a! < b! ? -1 : a! > b! ? 1 : av! < bv! ? -1 : av! > bv! ? 1 : 0));
  const baseString = `POST&${rfc3986(origin + request.path)}&${rfc3986(pairs.map(([n, v]) => `${n}=${v}`).join('&'))}`;
  const method = header.get('oauth_signature_method') ?? '';
  const ok =
    method === 'HMAC-SHA1'
      ? createHmac('sha1', `${rfc3986(CONTROL_KEY)}&`)
          .update(baseString)
          .digest('base64') === signature
      : verify('sha256', Buffer.from(baseString), publicKey, Buffer.from(signature, 'base64'));
  if (!ok) throw new Error(`the signature does not verify (${method})`);
  return { method, params: new Map(body.filter(([name]) => !name.startsWith('oauth_'))) };
}

describe('paysign send <a command the CLI does not wrap> (the real binary)', () => {
  let server: Server;
  let origin: string;
  const seen: Seen[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'paysign-send-any-'));
  const keyFile = join(dir, 'private.pem');
  writeFileSync(keyFile, privateKey, { mode: 0o600 });
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('type=status-response\n&status=approved\n&serial-number=42\n&paynet-order-id=1234567\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const env = () => ({ PAYSIGN_BASE_URL: origin, PAYSIGN_LOGIN: 'merchant', PAYSIGN_ENDPOINT_ID: '1234' });

  it('send status --param ... signs with HMAC-SHA1 (control key from the environment), verifies, and prints the reply', async () => {
    const result = await paysignAsync(['send', 'status', '--param', 'client_orderid=order 1', '--param', 'orderid=1234567', '--json'], {
      ...env(),
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 'status-response', status: 'approved', serialNumber: '42', paynetOrderId: '1234567' });
    const request = seen.at(-1) as Seen;
    expect(request.path).toBe('/payment/api/v4/status/1234');
    const { method, params } = verifyIndependently(request, origin);
    expect(method).toBe('HMAC-SHA1');
    expect([...params]).toEqual([
      ['client_orderid', 'order 1'],
      ['orderid', '1234567'],
    ]);
  });

  it('send create-recurring-payments --file signs with RSA-SHA256 where a private key file is given; the card number only in the file', async () => {
    const file = join(dir, 'create.json');
    writeFileSync(file, JSON.stringify({ client_orderid: 'order-2', credit_card_number: PAN, amount: '9.99' }));
    chmodSync(file, 0o600);
    const result = await paysignAsync(['send', 'create-recurring-payments', '--file', file, '--param', 'period=month'], {
      ...env(),
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
      PAYSIGN_PRIVATE_KEY_FILE: keyFile,
    });
    expect(result.code).toBe(0);
    const request = seen.at(-1) as Seen;
    expect(request.path).toBe('/payment/api/v4/create-recurring-payments/1234');
    const { method, params } = verifyIndependently(request, origin);
    expect(method).toBe('RSA-SHA256');
    expect(Object.fromEntries(params)).toEqual({ client_orderid: 'order-2', credit_card_number: PAN, amount: '9.99', period: 'month' });
    expect(result.stdout + result.stderr).not.toContain(PAN);
  });

  it('--version and --signature-method choose the path and the method', async () => {
    const result = await paysignAsync(['send', 'status', '--param', 'orderid=1', '--version', 'v2', '--signature-method', 'HMAC-SHA1'], {
      ...env(),
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
      PAYSIGN_PRIVATE_KEY_FILE: keyFile,
    });
    expect(result.code).toBe(0);
    expect((seen.at(-1) as Seen).path).toBe('/payment/api/v2/status/1234');
    expect(verifyIndependently(seen.at(-1) as Seen, origin).method).toBe('HMAC-SHA1');
  });

  it.each([[['--param', `credit_card_number=${PAN}`]], [['--param', 'cvv2=123']], [['--param', `comment=card ${PAN}`]]])(
    'refuses card data on the command line (%j), exit 2, nothing sent, the number not echoed',
    (flags) => {
      const before = seen.length;
      const result = paysign(['send', 'sale', ...flags], { ...env(), PAYSIGN_CONTROL_KEY: CONTROL_KEY });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--file PARAMS.json');
      expect(result.stderr).not.toContain(PAN);
      expect(seen.length).toBe(before);
    },
  );

  it('refuses a command name that is not a path segment, naming operation, before sending', () => {
    const before = seen.length;
    const result = paysign(['send', '../admin', '--param', 'a=b'], { ...env(), PAYSIGN_CONTROL_KEY: CONTROL_KEY });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('operation');
    expect(seen.length).toBe(before);
  });
});
