import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallerRequest } from '@paysign/edge';
import { CALLER_HMAC_SECRET, CALLER_TOKEN, CONTROL_KEY, ENDPOINT, LOGIN } from './helpers.js';
import { freePort } from '../../../scripts/test-support/free-port.mjs';
import { bundleForWorkerd, serveWorkerd } from './workerd/bundle-for-workerd.js';

// The proxy inside real workerd: the example worker and the emulator, each bundled as a Workers
// deployment bundles them (conditions workerd, worker, browser), run as two services of one
// workerd process; the proxy reaches the emulator through a service binding. Node only sends
// requests to the proxy's socket on 127.0.0.1.

const here = fileURLToPath(new URL('.', import.meta.url));
const GATEWAY = 'https://sandbox.gate.example';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
// PKCS#1, as the gateway's documentation hands keys out: oauth-core must wrap it into PKCS#8 for WebCrypto.
const PKCS1_PEM = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

const text = (name: string, value: string) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`;

interface ProxyConfig {
  merchant: string[];
  /** PAYSIGN_CALLER_HMAC_SECRETS; default the one shared secret. `null`: bearer tokens only. */
  hmacSecrets?: string | null;
  /** The service bound as PAYSIGN_UPSTREAM; default the emulator. */
  upstream?: string;
  /** Bind the PaysignNonceStore Durable Object as PAYSIGN_NONCE_STORE; default true. */
  nonceStore?: boolean;
}

function proxyWorker(name: string, { merchant, hmacSecrets = CALLER_HMAC_SECRET, upstream = 'emulator', nonceStore = true }: ProxyConfig): string {
  return `const ${name} :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "proxy.js")],
  compatibilityDate = "2025-09-01",
  bindings = [
    ${[
      text('PAYSIGN_GATEWAY_URL', GATEWAY),
      ...merchant,
      text('PAYSIGN_CALLER_TOKENS', CALLER_TOKEN),
      ...(hmacSecrets === null ? [] : [text('PAYSIGN_CALLER_HMAC_SECRETS', hmacSecrets)]),
      text('PAYSIGN_ALLOW', JSON.stringify({ 'pan-eligibility/send': [ENDPOINT], transfer: [ENDPOINT] })),
      `(name = "PAYSIGN_UPSTREAM", service = "${upstream}")`,
      ...(nonceStore ? ['(name = "PAYSIGN_NONCE_STORE", durableObjectNamespace = (className = "PaysignNonceStore", serviceName = "nonce-store"))'] : []),
    ].join(',\n    ')}
  ],
);`;
}

// The caller secret before a rotation; CALLER_HMAC_SECRET is the one after it.
const OLD_HMAC_SECRET = 'caller-hmac-SECRET-before-rotation-5e7f9a1b3c';

let dir: string;
let child: ChildProcess | undefined;
let hmacProxy: string;
let hmacProxy2: string;
let rotatingProxy: string;
let rsaProxy: string;
let unboundProxy: string;
let bearerOnlyProxy: string;
let redirectProxy: string;
let emulatorSocket: string;
let redirectorSocket: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysign-edge-workerd-'));
  await bundleForWorkerd(join(here, '../examples/cloudflare/src/worker.ts'), join(dir, 'proxy.js'));
  await bundleForWorkerd(join(here, 'workerd/emulator-worker.ts'), join(dir, 'emulator.js'));
  await bundleForWorkerd(join(here, 'workerd/redirect-worker.ts'), join(dir, 'redirector.js'));
  const sockets = [
    'hmac-proxy',
    'hmac-proxy-2',
    'rotating-proxy',
    'rsa-proxy',
    'unbound-proxy',
    'bearer-only-proxy',
    'redirect-proxy',
    'emulator',
    'redirector',
  ];
  const ports = new Map<string, number>();
  for (const service of sockets) ports.set(service, await freePort());
  const merchants = [
    { login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT] },
    { login: 'rsa-merchant', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }).toString()], endpointIds: [ENDPOINT] },
  ];
  const hmacMerchant = [text('PAYSIGN_MERCHANT_LOGIN', LOGIN), text('PAYSIGN_CONTROL_KEY', CONTROL_KEY)];
  const worker = (service: string) => service.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    ${sockets.map((service) => `(name = "${service}", worker = .${worker(service)}),`).join('\n    ')}
    (name = "nonce-store", worker = .nonceStore)
  ],
  sockets = [
    ${sockets.map((service) => `(name = "${service}", address = "127.0.0.1:${ports.get(service)}", http = (), service = "${service}")`).join(',\n    ')}
  ],
);
${proxyWorker('hmacProxy', { merchant: hmacMerchant })}
${proxyWorker('hmacProxy2', { merchant: hmacMerchant })}
${proxyWorker('rotatingProxy', { merchant: hmacMerchant, hmacSecrets: `${OLD_HMAC_SECRET},${CALLER_HMAC_SECRET}` })}
${proxyWorker('rsaProxy', { merchant: [text('PAYSIGN_MERCHANT_LOGIN', 'rsa-merchant'), text('PAYSIGN_PRIVATE_KEY', PKCS1_PEM.replace(/\n/g, '\\n'))] })}
${proxyWorker('unboundProxy', { merchant: hmacMerchant, nonceStore: false })}
${proxyWorker('bearerOnlyProxy', { merchant: hmacMerchant, hmacSecrets: null, nonceStore: false })}
${proxyWorker('redirectProxy', { merchant: hmacMerchant, upstream: 'redirector' })}
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
const redirector :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "redirector.js")],
  compatibilityDate = "2025-09-01",
);
`,
  );
  const url = (service: string) => `http://127.0.0.1:${ports.get(service)}`;
  hmacProxy = url('hmac-proxy');
  hmacProxy2 = url('hmac-proxy-2');
  rotatingProxy = url('rotating-proxy');
  rsaProxy = url('rsa-proxy');
  unboundProxy = url('unbound-proxy');
  bearerOnlyProxy = url('bearer-only-proxy');
  redirectProxy = url('redirect-proxy');
  emulatorSocket = url('emulator');
  redirectorSocket = url('redirector');
  child = await serveWorkerd(join(dir, 'config.capnp'), sockets.map(url));
});

afterAll(() => {
  child?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** How many operations the emulator has executed so far. */
async function executedCount(): Promise<number> {
  return Number(await (await fetch(`${emulatorSocket}/__accepted`)).text());
}

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

const TRANSFER = `/payment/api/v4/transfer/${ENDPOINT}`;
const transferBody = (orderId: string) =>
  new URLSearchParams({
    client_orderid: orderId,
    amount: '1.00',
    currency: 'EUR',
    card_recurring_payment_id: 's-1',
    destination_card_recurring_payment_id: 'd-1',
  }).toString();

describe('replay protection through a caller-secret rotation, in workerd with the shared Durable Object', () => {
  it('a transfer signed with the new secret is forwarded once: by the worker configured "OLD,NEW" or the one configured "NEW", not by both', async () => {
    const transfer = transferBody('o-rotation-1');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${rotatingProxy}${TRANSFER}`, body: transfer })) };
    const before = await executedCount();
    const first = await fetch(`${rotatingProxy}${TRANSFER}`, { method: 'POST', headers, body: transfer });
    expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);
    const replay = await fetch(`${hmacProxy2}${TRANSFER}`, { method: 'POST', headers, body: transfer });
    expect([replay.status, await replay.json()]).toEqual([401, { error: { code: 'UNAUTHENTICATED', message: 'this signed request was already used' } }]);
    expect((await executedCount()) - before).toBe(1);
  });

  it('many copies at once, spread over the "OLD,NEW" and "NEW" workers: exactly one is executed', async () => {
    const transfer = transferBody('o-rotation-2');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${rotatingProxy}${TRANSFER}`, body: transfer })) };
    const before = await executedCount();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${i % 2 ? hmacProxy2 : rotatingProxy}${TRANSFER}`, { method: 'POST', headers, body: transfer }).then(
          async (r) => (await r.arrayBuffer(), r.status),
        ),
      ),
    );
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    expect((await executedCount()) - before).toBe(1);
  });
});

describe('the Workers entry refuses an unsafe default', () => {
  it('HMAC callers without the PAYSIGN_NONCE_STORE binding: every request is refused 500 PROXY_MISCONFIGURED naming the binding; nothing is forwarded', async () => {
    const transfer = transferBody('o-unbound');
    const signed = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${unboundProxy}${TRANSFER}`, body: transfer })) };
    const before = await executedCount();
    for (const headers of [signed, signed, { ...form, Authorization: `Bearer ${CALLER_TOKEN}` }]) {
      const response = await fetch(`${unboundProxy}${TRANSFER}`, { method: 'POST', headers, body: transfer });
      expect([response.status, await response.json()]).toEqual([
        500,
        {
          error: {
            code: 'PROXY_MISCONFIGURED',
            message:
              "the proxy is misconfigured: PAYSIGN_CALLER_HMAC_SECRETS is set but no shared nonce store is: bind the PaysignNonceStore Durable Object as PAYSIGN_NONCE_STORE (and export the class from the worker's main module), so that a signed request is accepted once across every isolate (nothing is forwarded until then)",
          },
        },
      ]);
    }
    expect((await executedCount()) - before).toBe(0);
  });

  it('bearer-token callers only (no signed requests to replay-check) need no binding', async () => {
    const response = await fetch(`${bearerOnlyProxy}${TRANSFER}`, {
      method: 'POST',
      headers: { ...form, Authorization: `Bearer ${CALLER_TOKEN}` },
      body: transferBody('o-bearer'),
    });
    expect([response.status, (await response.text()).slice(0, 5)]).toEqual([200, 'type=']);
  });
});

describe('a gateway that redirects, in workerd (the redirect would come back through the same service binding)', () => {
  it('is not followed: the caller gets the 307 without Location, and nothing reaches the other origin', async () => {
    const transfer = transferBody('o-redirect');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${redirectProxy}${TRANSFER}`, body: transfer })) };
    const response = await fetch(`${redirectProxy}${TRANSFER}`, { method: 'POST', headers, body: transfer });
    expect([response.status, await response.text(), response.headers.get('location')]).toEqual([307, 'moved\n', null]);
    expect(await (await fetch(`${redirectorSocket}/__received`)).text()).toBe('0');
  });
});
