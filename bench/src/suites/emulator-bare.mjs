// `node bench/src/suites/emulator-bare.mjs [--requests=50000] [--connections=16] [--out=FILE]`:
// the emulator against a bare verifying server, in one run (issue #36 item 3). The bare server is a
// node:http server that only reads the body and verifies the same signature with oauth-core's
// verifier (its memory nonce store), answering 200 or 403: the floor of any server that checks
// these signatures. The same pan-eligibility/send requests (HMAC-SHA1, each with a fresh nonce,
// signed beforehand by the gateway client) are driven by autocannon at `connections` against the
// bare server, the emulator in memory and the emulator with --state (LMDB in a temporary
// directory), each in its own process; requests/s, CPU per request and RSS after the run are
// reported, with the emulator's ratios to the bare server's. Needs the built packages (`pnpm build`).
import { fork } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const load = (path) => import(pathToFileURL(join(REPO, path)).href);
const argument = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const MERCHANT = { login: 'bench', controlKey: 'bench-key', endpointIds: ['1'], currency: 'EUR' };

/** The bare server: the body read, the signature verified by oauth-core, 200 or 403. */
async function bareServer() {
  const { createMemoryNonceStore, createVerifier } = await load('packages/oauth-core/dist/node.js');
  const now = () => Math.floor(Date.now() / 1000);
  const verifier = createVerifier({
    lookup: (login) => (login === MERCHANT.login ? { consumerSecret: MERCHANT.controlKey, signatureMethods: ['HMAC-SHA1'] } : undefined),
    now,
    nonceStore: createMemoryNonceStore({ now, maxEntries: 2_000_000, maxEntriesPerScope: 1_000_000 }),
    // The gateway's layout, which the client signs and the emulator accepts: the oauth_* parameters
    // in the header and the body.
    allowParametersInHeaderAndBody: true,
  });
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      const result = await verifier.verify({
        method: request.method,
        url: `http://${request.headers.host}${request.url}`,
        authorization: request.headers.authorization ?? null,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(result.ok ? 200 : 403, { 'Content-Type': 'text/plain' }).end(result.ok ? 'ok' : '');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

/** The emulator, in memory or with --state in a temporary directory. */
async function emulatorServer(withState) {
  const { serve, openStateDirectory } = await load('packages/emulator/dist/node.js');
  const directory = withState ? mkdtempSync(join(tmpdir(), 'paysign-bench-state-')) : undefined;
  const state = directory === undefined ? undefined : await openStateDirectory(directory);
  const server = await serve({ merchants: [MERCHANT], log: () => {}, outcomeDelayMs: 1000, ...(state !== undefined && { state }) });
  await server.emulator.persist();
  process.once('disconnect', async () => {
    await server.close();
    await state?.close();
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
  return server.url;
}

async function serverProcess(kind) {
  const url = kind === 'bare' ? await bareServer() : await emulatorServer(kind === 'state');
  process.on('message', (message) => {
    if (message !== 'measure') return;
    const used = process.cpuUsage();
    process.send({ cpuMicros: used.user + used.system, rss: process.memoryUsage().rss });
  });
  if (kind === 'bare') process.once('disconnect', () => process.exit(0));
  process.send({ url });
}

function start(kind, profileDirectory) {
  const execArgv = profileDirectory === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`, `--cpu-prof-name=${kind}.cpuprofile`];
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { stdio: 'inherit', execArgv });
  return new Promise((resolve, reject) => {
    child.once('message', ({ url }) => resolve({ child, url, kind }));
    child.once('error', reject);
  });
}

const measure = (server) =>
  new Promise((resolve) => {
    server.child.once('message', resolve);
    server.child.send('measure');
  });

/** `count` pan-eligibility/send requests signed for `url` by the gateway client, captured instead of sent. */
async function presign(url, count) {
  const { createGatewayClient } = await load('packages/gateway/dist/index.js');
  const signed = [];
  let captured;
  const client = createGatewayClient({
    baseUrl: url,
    endpointId: '1',
    login: MERCHANT.login,
    controlKey: MERCHANT.controlKey,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      captured = { method: 'POST', path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), body: await request.text() };
      return new Response('type=async-response\n&status=processing\n&serial-number=s\n', { status: 200, headers: { 'content-type': 'text/html' } });
    },
  });
  for (let n = 0; n < count; n++) {
    await client.panEligibilitySend({ clientOrderId: `pe-${n}`, sendingCardRefId: `ref-${n}` }).catch(() => {});
    signed.push(captured);
  }
  return signed;
}

async function drive(server, connections, requests) {
  const before = await measure(server);
  let next = 0;
  const began = performance.now();
  let last = began;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        amount: requests.length,
        timeout: 60,
        requests: [{ setupRequest: (request) => ({ ...request, ...requests[next++] }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
  const after = await measure(server);
  const total = result['2xx'] + result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.total / ((last - began) / 1000),
    cpuPerRequest: (after.cpuMicros - before.cpuMicros) / total,
    rssMiB: after.rss / 2 ** 20,
    ok: result['2xx'],
    total,
  };
}

async function main() {
  const count = Number(argument('requests', '50000'));
  const connections = Number(argument('connections', '16'));
  const startedAt = new Date();
  const profiles = argument('cpu-prof', undefined);
  const kinds = argument('only', 'bare,memory,state').split(',');
  const rows = [];
  for (const kind of kinds) {
    const server = await start(kind, profiles);
    const run = await drive(server, connections, await presign(server.url, count));
    rows.push({ kind, ...run });
    process.stderr.write(
      `${kind}: ${run.requestsPerSecond.toFixed(0)} req/s, ${run.cpuPerRequest.toFixed(0)} µs CPU/request, RSS ${run.rssMiB.toFixed(0)} MiB, ${run.ok}/${run.total} 2xx\n`,
    );
    server.child.disconnect();
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
  const bare = rows.find((row) => row.kind === 'bare') ?? rows[0];
  const names = { bare: 'bare node:http server, oauth-core verifier only', memory: 'emulator, in memory', state: 'emulator, --state (LMDB)' };
  const text = [
    `pan-eligibility/send, HMAC-SHA1, ${count} requests at ${connections} connections, autocannon in the parent process, each server in its own process; ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at the end (shared machine), Node ${process.version}`,
    '',
    '| server | requests/s | vs bare | CPU µs/request | vs bare | RSS after the run (MiB) | vs bare | 2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${names[r.kind]} | ${r.requestsPerSecond.toFixed(0)} | ${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x | ${r.cpuPerRequest.toFixed(0)} | ${(r.cpuPerRequest / bare.cpuPerRequest).toFixed(2)}x | ${r.rssMiB.toFixed(0)} | ${(r.rssMiB / bare.rssMiB).toFixed(2)}x | ${r.ok}/${r.total} |`,
    ),
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const file = argument('out', undefined);
  if (file) appendFileSync(file, `${text}\n\n`);
  // A server that refused some of the requests measured something else than the others: the run fails.
  const short = rows.filter((row) => row.ok !== count || row.total !== count);
  if (short.length > 0) {
    process.stderr.write(`not every request answered 2xx: ${short.map((row) => `${row.kind} ${row.ok}/${row.total}`).join(', ')}\n`);
    process.exitCode = 1;
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt !== -1) await serverProcess(process.argv[serveAt + 1]);
else await main();
