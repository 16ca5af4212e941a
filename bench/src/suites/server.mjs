// `pnpm --filter @paysign/bench bench:server [--concurrency=1,8,32] [--hmac-requests=N] [--rsa-requests=N]
//   [--compare=/path/to/other/checkout] [--out=FILE]`:
// the emulator as a server under load (issue #23 item 3). requests/s it verifies and answers, with
// p50/p99 latency, for the three operations signed with HMAC-SHA1 and RSA-SHA256 (4096-bit), at a
// few concurrencies (open HTTP/1.1 connections), driven by autocannon. In the same run, at each
// concurrency and just before the emulator's runs, autocannon drives hono on Node
// (@hono/node-server, the emulator's own server stack) answering a trivial POST route: the floor
// the emulator's figures are divided by. Every request is signed beforehand with a fresh nonce
// (the emulator refuses a replayed one), so the signer's cost is not in the load generator's loop.
// The emulator and the hono floor run in their own processes; autocannon runs in this one.
// `--compare` also serves another checkout's built emulator and drives it right after this one's
// with the same requests (a before/after ratio in one run).
// Needs the built packages (`pnpm build`). Plain JavaScript, loaded from the packages' dist/.
import { fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const load = (path) => import(pathToFileURL(join(REPO, path)).href);
const argument = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const STORED = 1000;

/** A stored payment with holder, card and a monthly schedule. */
const profile = (n) => ({
  'recurring-payment-id': `rp-${n}`,
  'client-orderid': `order-${n}`,
  'first-name': 'John',
  'last-name': 'Doe',
  'credit-card-number': '4111111111111111',
  'card-printed-name': 'JOHN DOE',
  'expire-year': '2032',
  'expire-month': '7',
  currency: 'EUR',
  amount: '10.00',
  period: 'month',
  interval: '1',
  'start-date': '01.03.2031',
});

/** The emulator's process (or, with --floor, hono with one trivial route): serves until disconnected. */
async function serverProcess() {
  const cpuProf = process.execArgv.some((a) => a.startsWith('--cpu-prof'));
  if (process.argv.includes('--floor')) {
    const require = createRequire(join(REPO, 'packages/emulator/package.json'));
    const { Hono } = await import(pathToFileURL(require.resolve('hono')).href);
    const { serve } = await import(pathToFileURL(require.resolve('@hono/node-server')).href);
    const app = new Hono();
    app.post('/payment/api/v2/transfer/1', (c) => c.text('ok'));
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.send({ url: `http://127.0.0.1:${info.port}` }));
    server.keepAliveTimeout = 60_000;
  } else {
    const root = argument('root', REPO);
    const { serve } = await import(pathToFileURL(join(root, 'packages/emulator/dist/node.js')).href);
    process.once('message', async ({ publicKey }) => {
      const server = await serve({
        merchants: [{ login: 'bench', controlKey: 'bench-key', publicKeys: [publicKey], endpointIds: ['1'], currency: 'EUR' }],
        profiles: Array.from({ length: STORED }, (_, i) => profile(i + 1)),
        log: () => {},
      });
      process.on('message', (message) => {
        if (message !== 'cpu') return;
        const used = process.cpuUsage();
        process.send({ cpuMicros: used.user + used.system });
      });
      process.send({ url: server.url });
    });
  }
  process.once('disconnect', () => (cpuProf ? process.exit(0) : process.exit(0)));
}

const OPERATIONS = {
  'update-recurring-payments': (client, n) => client.updateRecurringPayments([updateRow(n)]),
  'pan-eligibility/send': (client, n) => client.panEligibilitySend({ clientOrderId: `pe-${n}`, sendingCardRefId: `ref-${n}` }),
  transfer: (client, n) =>
    client.transfer({ clientOrderId: `t-${n}`, amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'rp-1', destinationCardRecurringPaymentId: 'rp-2' }),
};

function updateRow(n) {
  const id = (n % STORED) + 1;
  return {
    clientOrderId: `order-${id}`,
    recurringPaymentId: `rp-${id}`,
    creditCardNumber: '4111111111111111',
    cardPrintedName: 'JOHN DOE',
    expireYear: '2032',
    expireMonth: '8',
    currency: 'EUR',
    amount: `${(n % 90) + 10}.00`,
    period: 'month',
    interval: '1',
    startDate: '01.04.2031',
  };
}

/** Signs `count` requests of one operation through the gateway client, capturing them instead of sending. */
async function presign(createGatewayClient, url, credentials, operation, count) {
  const signed = [];
  let captured;
  const client = createGatewayClient({
    baseUrl: url,
    endpointId: '1',
    login: 'bench',
    ...credentials,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      captured = { method: 'POST', path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), body: await request.text() };
      return new Response('type=async-response\n&status=processing\n&serial-number=s\n', { status: 200, headers: { 'content-type': 'text/html' } });
    },
  });
  for (let n = 0; n < count; n++) {
    captured = undefined;
    await OPERATIONS[operation](client, n).catch(() => {});
    if (captured === undefined) throw new Error(`${operation}: the client sent nothing`);
    signed.push(captured);
  }
  return signed;
}

async function drive(url, connections, requests) {
  let next = 0;
  const began = performance.now();
  let last = began;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount: requests.length,
        timeout: 60,
        requests: [{ setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length] }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
  // From the first request to the last response, timed here: autocannon stops an `amount` run on
  // its next whole-second tick, so its own duration and average are rounded.
  const seconds = (last - began) / 1000;
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    total: result['2xx'] + result.non2xx + result.errors + result.timeouts,
  };
}

/** CPU time (user + system, µs) the server process has used so far. */
function cpuOf(server) {
  return new Promise((resolve) => {
    server.child.once('message', ({ cpuMicros }) => resolve(cpuMicros));
    server.child.send('cpu');
  });
}

/** Drives a server process and adds the CPU it spent per request (robust to the machine's other load). */
async function driveMeasured(server, connections, requests) {
  const before = await cpuOf(server);
  const run = await drive(server.url, connections, requests);
  return { ...run, cpuPerRequest: ((await cpuOf(server)) - before) / run.total };
}

function start(args, message) {
  const child = fork(fileURLToPath(import.meta.url), args, { stdio: 'inherit', execArgv: profileArgs(args[1] === '--floor' ? 'floor' : 'emulator') });
  return new Promise((resolve, reject) => {
    child.once('message', ({ url }) => resolve({ child, url }));
    child.once('error', reject);
    if (message) child.send(message);
  });
}

const profileArgs = (name) => {
  const dir = argument('cpu-prof', undefined);
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
};

async function main() {
  const levels = argument('concurrency', '1,8,32').split(',').map(Number);
  const counts = { 'HMAC-SHA1': Number(argument('hmac-requests', '6000')), 'RSA-SHA256': Number(argument('rsa-requests', '300')) };
  const only = argument('algorithms', 'HMAC-SHA1,RSA-SHA256').split(',');
  const startedAt = new Date();
  const { createGatewayClient } = await load('packages/gateway/dist/index.js');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 4096,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const credentials = { 'HMAC-SHA1': { controlKey: 'bench-key' }, 'RSA-SHA256': { privateKey } };
  const floor = await start(['--serve', '--floor']);
  const emulator = await start(['--serve'], { publicKey });
  const compare = argument('compare', undefined);
  const before = compare === undefined ? undefined : await start(['--serve', `--root=${compare}`], { publicKey });
  const rows = [];
  for (const connections of levels) {
    // The floor first at each level, then the emulator's runs right after it.
    const floorRun = await drive(
      `${floor.url}/payment/api/v2/transfer/1`,
      connections,
      Array.from({ length: counts['HMAC-SHA1'] }, () => ({ method: 'POST', body: 'a=1' })),
    );
    rows.push({ what: 'hono on Node, trivial POST route (floor)', connections, ...floorRun, ratio: 1 });
    process.stderr.write(`floor c=${connections}: ${floorRun.requestsPerSecond.toFixed(0)} req/s\n`);
    for (const algorithm of only) {
      for (const operation of Object.keys(OPERATIONS)) {
        const requests = await presign(createGatewayClient, emulator.url, credentials[algorithm], operation, counts[algorithm]);
        const run = await driveMeasured(emulator, connections, requests);
        rows.push({ what: `emulator ${operation}, ${algorithm}`, connections, ...run, ratio: run.requestsPerSecond / floorRun.requestsPerSecond });
        if (before !== undefined) {
          // Signed for its own URL (the port is in the base string).
          const old = await driveMeasured(
            before,
            connections,
            await presign(createGatewayClient, before.url, credentials[algorithm], operation, counts[algorithm]),
          );
          rows.push({
            what: `emulator of ${compare} ${operation}, ${algorithm}`,
            connections,
            ...old,
            ratio: old.requestsPerSecond / floorRun.requestsPerSecond,
          });
          process.stderr.write(`  (${compare}: ${old.requestsPerSecond.toFixed(0)} req/s, ${old.ok}/${old.total} 2xx)\n`);
        }
        process.stderr.write(
          `${operation} ${algorithm} c=${connections}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.ok}/${run.total} 2xx\n`,
        );
      }
    }
  }
  floor.child.disconnect();
  emulator.child.disconnect();
  before?.child.disconnect();
  const text = [
    `emulator over loopback, driven by autocannon 8 (in the parent process), ${STORED} stored payments; ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at the end (shared machine), Node ${process.version}`,
    '',
    '| server and request | connections | requests/s | vs floor | p50 (ms; 0 = under 1) | p99 (ms) | CPU µs/request, emulator | 2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.connections} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratio.toFixed(2)}x | ${r.p50} | ${r.p99} | ${r.cpuPerRequest === undefined ? '-' : r.cpuPerRequest.toFixed(0)} | ${r.ok}/${r.total} |`,
    ),
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const file = argument('out', undefined);
  if (file) appendFileSync(file, `${text}\n\n`);
}

if (process.argv.includes('--serve')) await serverProcess();
else await main();
