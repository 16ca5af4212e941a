import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '@paysign/emulator';
import { signCallerRequest } from '@paysign/edge';
import { serveFetch, type Served } from './http.js';
import { CALLER_HMAC_SECRET, CONTROL_KEY, ENDPOINT, LOGIN, TRANSFER_PATH } from './helpers.js';

// Proxy processes on real Deno, each with the Deno entry and createDenoKvNonceStore, sharing
// one Deno KV database (a temp file): the replay protection of Deno Deploy, where every instance
// opens the project's one KV. Two know the caller secret after a rotation only ("NEW"), one both
// ("OLD,NEW"); a fourth has no nonce store at all. The gateway is the emulator, served by this
// process on 127.0.0.1, unless a test makes it answer with a redirect to a second origin.

const here = fileURLToPath(new URL('.', import.meta.url));
const deno = fileURLToPath(new URL('../../../conformance/runtimes/node_modules/.bin/deno', import.meta.url));

// The caller secret before a rotation; CALLER_HMAC_SECRET is the one after it.
const OLD_HMAC_SECRET = 'caller-hmac-SECRET-before-rotation-5e7f9a1b3c';

let dir: string;
let gateway: Served;
let elsewhere: Served;
const children: ChildProcess[] = [];
const proxies: string[] = [];
let rotating: string;
let storeless: string;
const executed: string[] = [];
const receivedElsewhere: string[] = [];
/** When set, the gateway answers every request with a 307 to this URL. */
let redirectTo: string | undefined;

async function start(script: string, kvPath: string, hmacSecrets = CALLER_HMAC_SECRET): Promise<string> {
  const child = spawn(
    deno,
    ['run', '--no-lock', '--no-prompt', '--unstable-kv', '--allow-net=127.0.0.1', '--allow-env', `--allow-read=${dir}`, `--allow-write=${dir}`, script, kvPath],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: node_modules/.bin/deno is a shell shim, and killing the shim alone
      // left the deno process running; afterAll kills the whole group.
      detached: true,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        DENO_DIR: join(dir, 'deno-cache'),
        NO_COLOR: '1',
        PAYSIGN_GATEWAY_URL: gateway.url,
        PAYSIGN_MERCHANT_LOGIN: LOGIN,
        PAYSIGN_CONTROL_KEY: CONTROL_KEY,
        PAYSIGN_CALLER_HMAC_SECRETS: hmacSecrets,
        PAYSIGN_ALLOW: JSON.stringify({ transfer: [ENDPOINT] }),
      },
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`deno did not start in 20 s:\n${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening (\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`deno exited with ${code}:\n${stderr}`));
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysign-edge-deno-'));
  const emulator = createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT], currency: 'EUR' }],
    log: (event) => {
      if (event.kind === 'accepted') executed.push(event.operation);
    },
  });
  elsewhere = await serveFetch(async (request) => {
    receivedElsewhere.push(await request.text());
    return new Response('type=async-response\n&status=approved\n');
  });
  gateway = await serveFetch(async (request) => {
    if (redirectTo === undefined) return emulator.fetch(request);
    await request.arrayBuffer();
    return new Response('moved\n', { status: 307, headers: { Location: redirectTo } });
  });
  const script = join(dir, 'proxy.js');
  const entry = join(here, 'deno/proxy-main.ts');
  await build({
    stdin: { contents: readFileSync(entry, 'utf8'), resolveDir: join(here, '..'), sourcefile: entry, loader: 'ts' },
    outfile: script,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['deno', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['node:*'],
    logLevel: 'error',
  });
  const kvPath = join(dir, 'nonces.sqlite3');
  proxies.push(await start(script, kvPath), await start(script, kvPath));
  rotating = await start(script, kvPath, `${OLD_HMAC_SECRET},${CALLER_HMAC_SECRET}`);
  storeless = await start(script, 'none');
});

afterAll(async () => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await gateway?.close();
  await elsewhere?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const transfer = 'client_orderid=o-1&amount=1.00&currency=EUR&card_recurring_payment_id=s-1&destination_card_recurring_payment_id=d-1';
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('the Deno entry with a Deno KV nonce store, two processes sharing one database', () => {
  it('accepts a signed transfer at one proxy and refuses its copy at the other; the gateway executes it once', async () => {
    const [a, b] = proxies as [string, string];
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${a}${TRANSFER_PATH}`, body: transfer })) };
    const before = executed.length;
    const first = await fetch(`${a}${TRANSFER_PATH}`, { method: 'POST', headers, body: transfer });
    expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);
    const replay = await fetch(`${b}${TRANSFER_PATH}`, { method: 'POST', headers, body: transfer });
    expect([replay.status, await replay.json()]).toEqual([401, { error: { code: 'UNAUTHENTICATED', message: 'this signed request was already used' } }]);
    expect(executed.slice(before)).toEqual(['transfer']);
  });

  it('of many copies sent at once to both proxies, exactly one is accepted', async () => {
    const [a, b] = proxies as [string, string];
    // Another order id: the same body signed in the same second would be the first test's signature.
    const body = transfer.replace('o-1', 'o-2');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${a}${TRANSFER_PATH}`, body })) };
    const before = executed.length;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${i % 2 ? b : a}${TRANSFER_PATH}`, { method: 'POST', headers, body }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    // Exactly one is accepted; every other copy is refused: 401 (already used) or, when the KV
    // database is busy under load, 503 REPLAY_STORE_UNAVAILABLE (refused before forwarding too).
    expect(statuses.filter((status) => status === 200)).toEqual([200]);
    expect(statuses.filter((status) => status !== 200 && status !== 401 && status !== 503)).toEqual([]);
    expect(executed.slice(before)).toEqual(['transfer']);
  });
});

describe('the Deno entry through a caller-secret rotation, on one Deno KV database', () => {
  it('a transfer signed with the new secret is forwarded once: by the process configured "OLD,NEW" or the one configured "NEW", not by both', async () => {
    const [, b] = proxies as [string, string];
    const body = transfer.replace('o-1', 'o-rotation-1');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${rotating}${TRANSFER_PATH}`, body })) };
    const before = executed.length;
    const first = await fetch(`${rotating}${TRANSFER_PATH}`, { method: 'POST', headers, body });
    expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);
    const replay = await fetch(`${b}${TRANSFER_PATH}`, { method: 'POST', headers, body });
    expect([replay.status, await replay.json()]).toEqual([401, { error: { code: 'UNAUTHENTICATED', message: 'this signed request was already used' } }]);
    expect(executed.slice(before)).toEqual(['transfer']);
  });

  it('of many copies sent at once to the "OLD,NEW" and "NEW" processes, exactly one is executed', async () => {
    const [a] = proxies as [string];
    const body = transfer.replace('o-1', 'o-rotation-2');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${a}${TRANSFER_PATH}`, body })) };
    const before = executed.length;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${i % 2 ? a : rotating}${TRANSFER_PATH}`, { method: 'POST', headers, body }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toEqual([200]);
    expect(statuses.filter((status) => status !== 200 && status !== 401 && status !== 503)).toEqual([]);
    expect(executed.slice(before)).toEqual(['transfer']);
  });
});

describe('the Deno entry refuses an unsafe default', () => {
  it('HMAC callers without a nonceStore: refused 500 PROXY_MISCONFIGURED, every time, and nothing is forwarded', async () => {
    const body = transfer.replace('o-1', 'o-storeless');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${storeless}${TRANSFER_PATH}`, body })) };
    const before = executed.length;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${storeless}${TRANSFER_PATH}`, { method: 'POST', headers, body });
      expect([response.status, await response.json()]).toEqual([
        500,
        {
          error: {
            code: 'PROXY_MISCONFIGURED',
            message:
              'the proxy is misconfigured: PAYSIGN_CALLER_HMAC_SECRETS is set but no shared nonce store is: pass nonceStore: createDenoKvNonceStore(Deno.openKv()) to createDenoHandler, so that a signed request is accepted once across every isolate (nothing is forwarded until then)',
          },
        },
      ]);
    }
    expect(executed.slice(before)).toEqual([]);
  });
});

describe('the Deno entry in front of a gateway that redirects to another origin', () => {
  it('does not follow: the caller gets the 307 without Location, and the other origin receives nothing', async () => {
    const [a] = proxies as [string];
    const body = transfer.replace('o-1', 'o-redirect');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${a}${TRANSFER_PATH}`, body })) };
    redirectTo = `${elsewhere.url}/collect`;
    try {
      const response = await fetch(`${a}${TRANSFER_PATH}`, { method: 'POST', headers, body });
      expect([response.status, await response.text(), response.headers.get('location')]).toEqual([307, 'moved\n', null]);
    } finally {
      redirectTo = undefined;
    }
    expect(receivedElsewhere).toEqual([]);
  });
});
