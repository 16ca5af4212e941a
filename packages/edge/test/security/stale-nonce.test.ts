import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallerRequest } from '@paysign/edge';
import { CALLER_HMAC_SECRET, CONTROL_KEY, ENDPOINT, LOGIN } from '../helpers.js';
import { freePort } from '../../../../scripts/test-support/free-port.mjs';
import { bundleForWorkerd, serveWorkerd } from '../workerd/bundle-for-workerd.js';

// Issue 27 (low): a proxy isolate more than 61 s behind the Durable Object's clock had every copy of
// a signed transfer answered `new` (the object stored nothing for a key already past its
// keep-until). Here, in real workerd: a proxy whose clock is 400 s behind, sharing the real
// PaysignNonceStore object, in front of the emulator. Every copy must be refused as stale.

const here = fileURLToPath(new URL('.', import.meta.url));

const text = (name: string, value: string) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`;

let dir: string;
let child: ChildProcess | undefined;
let proxy: string;
let emulator: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysign-edge-stale-'));
  await bundleForWorkerd(join(here, '../workerd/skewed-proxy-worker.ts'), join(dir, 'proxy.js'));
  await bundleForWorkerd(join(here, '../workerd/emulator-worker.ts'), join(dir, 'emulator.js'));
  const [proxyPort, emulatorPort] = [await freePort(), await freePort()];
  const merchants = [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT] }];
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "proxy", worker = .proxy), (name = "nonce-store", worker = .nonceStore), (name = "emulator", worker = .emulator)],
  sockets = [
    (name = "proxy", address = "127.0.0.1:${proxyPort}", http = (), service = "proxy"),
    (name = "emulator", address = "127.0.0.1:${emulatorPort}", http = (), service = "emulator")
  ],
);
const proxy :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "proxy.js")],
  compatibilityDate = "2025-09-01",
  bindings = [
    ${[
      text('PAYSIGN_GATEWAY_URL', 'https://sandbox.gate.example'),
      text('PAYSIGN_MERCHANT_LOGIN', LOGIN),
      text('PAYSIGN_CONTROL_KEY', CONTROL_KEY),
      text('PAYSIGN_CALLER_HMAC_SECRETS', CALLER_HMAC_SECRET),
      text('PAYSIGN_ALLOW', JSON.stringify({ transfer: [ENDPOINT] })),
      '(name = "PAYSIGN_UPSTREAM", service = "emulator")',
      '(name = "PAYSIGN_NONCE_STORE", durableObjectNamespace = (className = "PaysignNonceStore", serviceName = "nonce-store"))',
    ].join(',\n    ')}
  ],
);
const nonceStore :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "proxy.js")],
  compatibilityDate = "2025-09-01",
  durableObjectNamespaces = [(className = "PaysignNonceStore", uniqueKey = "paysign-nonce-store-stale-test")],
  durableObjectStorage = (inMemory = void),
);
const emulator :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "emulator.js")],
  compatibilityDate = "2025-09-01",
  bindings = [${text('EMULATOR_MERCHANTS', JSON.stringify(merchants))}],
);
`,
  );
  proxy = `http://127.0.0.1:${proxyPort}`;
  emulator = `http://127.0.0.1:${emulatorPort}`;
  child = await serveWorkerd(join(dir, 'config.capnp'), [`${emulator}/__accepted`, proxy]);
});

afterAll(() => {
  child?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a proxy isolate 400 s behind the Durable Object', () => {
  it('4 copies of a signed transfer, timestamped by its clock: each refused 401 as a stale timestamp, none forwarded', async () => {
    const path = `/payment/api/v4/transfer/${ENDPOINT}`;
    const body = new URLSearchParams({
      client_orderid: 'o-stale',
      amount: '1.00',
      currency: 'EUR',
      card_recurring_payment_id: 's-1',
      destination_card_recurring_payment_id: 'd-1',
    }).toString();
    const timestamp = Math.floor(Date.now() / 1000) - 400;
    const headers = {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${proxy}${path}`, body, timestamp })),
    };
    const before = Number(await (await fetch(`${emulator}/__accepted`)).text());
    for (let copy = 0; copy < 4; copy++) {
      const response = await fetch(`${proxy}${path}`, { method: 'POST', headers, body });
      expect([response.status, await response.json()]).toEqual([
        401,
        { error: { code: 'UNAUTHENTICATED', message: "Paysign-Timestamp is more than 300 s from the proxy's clock" } },
      ]);
    }
    expect(Number(await (await fetch(`${emulator}/__accepted`)).text()) - before).toBe(0);
  });
});
