import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallerRequest } from '@paysign/edge';
import { CALLER_HMAC_SECRET, CALLER_TOKEN, CONTROL_KEY, ENDPOINT, LOGIN } from './helpers.js';

// The proxy inside real workerd: the example worker and the emulator, each bundled as a Workers
// deployment bundles them (conditions workerd, worker, browser), run as two services of one
// workerd process; the proxy reaches the emulator through a service binding. Node only sends
// requests to the proxy's socket on 127.0.0.1.

const here = fileURLToPath(new URL('.', import.meta.url));
const workerd = fileURLToPath(new URL('../../../conformance/runtimes/node_modules/.bin/workerd', import.meta.url));
const GATEWAY = 'https://sandbox.gate.example';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
// PKCS#1, as the gateway's documentation hands keys out: oauth-core must wrap it into PKCS#8 for WebCrypto.
const PKCS1_PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

// The example has its own package.json (it is copied out to deploy), so it is bundled from its
// source text with this package as the resolve directory, where @paysign/edge resolves to itself.
async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    stdin: { contents: readFileSync(entry, 'utf8'), resolveDir: join(here, '..'), sourcefile: entry, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const text = (name: string, value: string) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`;

function proxyWorker(name: string, merchant: string[]): string {
  return `const ${name} :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "proxy.js")],
  compatibilityDate = "2025-09-01",
  bindings = [
    ${[
      text('PAYSIGN_GATEWAY_URL', GATEWAY),
      ...merchant,
      text('PAYSIGN_CALLER_TOKENS', CALLER_TOKEN),
      text('PAYSIGN_CALLER_HMAC_SECRETS', CALLER_HMAC_SECRET),
      text('PAYSIGN_ALLOW', JSON.stringify({ 'pan-eligibility/send': [ENDPOINT], transfer: [ENDPOINT] })),
      '(name = "PAYSIGN_UPSTREAM", service = "emulator")',
      '(name = "PAYSIGN_NONCE_STORE", durableObjectNamespace = (className = "PaysignNonceStore", serviceName = "nonce-store"))',
    ].join(',\n    ')}
  ],
);`;
}

let dir: string;
let child: ChildProcess | undefined;
let hmacProxy: string;
let hmacProxy2: string;
let rsaProxy: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysign-edge-workerd-'));
  await bundle(join(here, '../examples/cloudflare/src/worker.ts'), join(dir, 'proxy.js'));
  await bundle(join(here, 'workerd/emulator-worker.ts'), join(dir, 'emulator.js'));
  const [hmacPort, hmacPort2, rsaPort] = [await freePort(), await freePort(), await freePort()];
  const merchants = [
    { login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT] },
    { login: 'rsa-merchant', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }).toString()], endpointIds: [ENDPOINT] },
  ];
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "hmac-proxy", worker = .hmacProxy),
    (name = "hmac-proxy-2", worker = .hmacProxy2),
    (name = "rsa-proxy", worker = .rsaProxy),
    (name = "nonce-store", worker = .nonceStore),
    (name = "emulator", worker = .emulator),
  ],
  sockets = [
    (name = "hmac", address = "127.0.0.1:${hmacPort}", http = (), service = "hmac-proxy"),
    (name = "hmac2", address = "127.0.0.1:${hmacPort2}", http = (), service = "hmac-proxy-2"),
    (name = "rsa", address = "127.0.0.1:${rsaPort}", http = (), service = "rsa-proxy"),
  ],
);
${proxyWorker('hmacProxy', [text('PAYSIGN_MERCHANT_LOGIN', LOGIN), text('PAYSIGN_CONTROL_KEY', CONTROL_KEY)])}
${proxyWorker('hmacProxy2', [text('PAYSIGN_MERCHANT_LOGIN', LOGIN), text('PAYSIGN_CONTROL_KEY', CONTROL_KEY)])}
${proxyWorker('rsaProxy', [text('PAYSIGN_MERCHANT_LOGIN', 'rsa-merchant'), text('PAYSIGN_PRIVATE_KEY', PKCS1_PEM.replace(/\n/g, '\\n'))])}
const nonceStore :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "proxy.js")],
  compatibilityDate = "2025-09-01",
  durableObjectNamespaces = [(className = "PaysignNonceStore", uniqueKey = "paysign-nonce-store-test")],
  durableObjectStorage = (inMemory = void),
);
const emulator :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "emulator.js")],
  compatibilityDate = "2025-09-01",
  bindings = [${text('EMULATOR_MERCHANTS', JSON.stringify(merchants))}],
);
`,
  );
  let stderr = '';
  child = spawn(workerd, ['serve', join(dir, 'config.capnp')], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  hmacProxy = `http://127.0.0.1:${hmacPort}`;
  hmacProxy2 = `http://127.0.0.1:${hmacPort2}`;
  rsaProxy = `http://127.0.0.1:${rsaPort}`;
  // A runtime that cannot start is a failure: wait for both sockets, up to 20 s, then give its stderr.
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(hmacProxy);
      await fetch(hmacProxy2);
      await fetch(rsaProxy);
      break;
    } catch {
      if (attempt > 200 || child.exitCode !== null) throw new Error(`workerd did not start:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(() => {
  child?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PAN_PATH = `/payment/api/v2/pan-eligibility/send/${ENDPOINT}`;
const body = new URLSearchParams({ 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' }).toString();
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('the example Cloudflare worker, in workerd, in front of the emulator', () => {
  it('signs with HMAC-SHA1 from its env secrets; the emulator accepts the signature', async () => {
    const response = await fetch(`${hmacProxy}${PAN_PATH}`, { method: 'POST', headers: { ...form, Authorization: `Bearer ${CALLER_TOKEN}` }, body });
    expect(response.status).toBe(200);
    const reply = await response.text();
    expect(reply).toMatch(/^type=async-response\n&status=processing\n/);
    expect(response.headers.get('server')).toBe('paysign-emulator');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(response.headers.get('keep-alive')).toBeNull();
  });

  it('signs with RSA-SHA256 from a PKCS#1 PEM secret (newlines escaped, as env variables hold them)', async () => {
    const response = await fetch(`${rsaProxy}${PAN_PATH}`, { method: 'POST', headers: { ...form, Authorization: `Bearer ${CALLER_TOKEN}` }, body });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^type=async-response\n/);
  });

  it('accepts a caller signed with signCallerRequest, once', async () => {
    const url = `${hmacProxy}${PAN_PATH}`;
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body })) };
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(200);
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(401);
  });

  it('two proxy workers (two isolates) sharing the PaysignNonceStore Durable Object: the second copy of a signed transfer is refused by the other worker', async () => {
    const transfer = new URLSearchParams({
      client_orderid: 'o-2',
      amount: '1.00',
      currency: 'EUR',
      card_recurring_payment_id: 's-1',
      destination_card_recurring_payment_id: 'd-1',
    }).toString();
    const path = `/payment/api/v4/transfer/${ENDPOINT}`;
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${hmacProxy}${path}`, body: transfer })) };
    const first = await fetch(`${hmacProxy}${path}`, { method: 'POST', headers, body: transfer });
    expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);
    const replay = await fetch(`${hmacProxy2}${path}`, { method: 'POST', headers, body: transfer });
    expect([replay.status, await replay.json()]).toEqual([401, { error: { code: 'UNAUTHENTICATED', message: 'this signed request was already used' } }]);
    // And many copies at once, spread over both workers: exactly one is accepted.
    // (another order id: the same body signed in the same second would be the same signature)
    const other = transfer.replace('o-2', 'o-3');
    const fresh = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${hmacProxy}${path}`, body: other })) };
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${i % 2 ? hmacProxy2 : hmacProxy}${path}`, { method: 'POST', headers: fresh, body: other }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('refuses before signing: 401, 403, 404, 405, 422, each as JSON', async () => {
    const auth = { ...form, Authorization: `Bearer ${CALLER_TOKEN}` };
    const cases: [string, RequestInit, number, string][] = [
      [PAN_PATH, { method: 'POST', headers: form, body }, 401, 'UNAUTHENTICATED'],
      [`/payment/api/v4/update-recurring-payments/${ENDPOINT}`, { method: 'POST', headers: auth, body: 'payload=' }, 403, 'OPERATION_NOT_ALLOWED'],
      ['/payment/api/v2/pan-eligibility/send/999', { method: 'POST', headers: auth, body }, 403, 'ENDPOINT_NOT_ALLOWED'],
      ['/payment/api/v9/transfer/1', { method: 'POST', headers: auth, body }, 404, 'UNKNOWN_OPERATION'],
      [PAN_PATH, { method: 'GET', headers: auth }, 405, 'METHOD_NOT_ALLOWED'],
      [PAN_PATH, { method: 'POST', headers: auth, body: 'client-order-id=o' }, 422, 'VALIDATION_FAILED'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await fetch(`${hmacProxy}${path}`, init);
      expect([path, response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([path, status, code]);
    }
  });

  it('forwards a transfer that passes the gateway rules, answered by the emulator', async () => {
    const transfer = new URLSearchParams({
      client_orderid: 'o-1',
      amount: '1.00',
      currency: 'EUR',
      card_recurring_payment_id: 's-1',
      destination_card_recurring_payment_id: 'd-1',
    });
    const response = await fetch(`${hmacProxy}/payment/api/v4/transfer/${ENDPOINT}`, {
      method: 'POST',
      headers: { ...form, Authorization: `Bearer ${CALLER_TOKEN}` },
      body: transfer,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^type=/);
  });
});
