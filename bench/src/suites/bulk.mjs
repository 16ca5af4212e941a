// `pnpm --filter @paysign/bench bench:bulk [--rows=N] [--concurrency=1,2,8,32]`: rows per second of
// bulkUpdateRecurringPayments against the local emulator over loopback, HMAC-SHA1 and RSA-SHA256
// (4096-bit; node:crypto's synchronous signer and the WebCrypto path, which signs on libuv's thread
// pool), and the peak RSS of the bulk process with the input streamed from a CSV file on disk and a
// file journal. Each measurement runs in its own process, the emulator in another. Run by hand:
// it needs the built gateway and emulator (`pnpm --filter @paysign/gateway --filter @paysign/emulator build`).
// Plain JavaScript, so it runs without the bench build (the packages are loaded from their dist/).
import { fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const load = (path) => import(pathToFileURL(join(REPO, path)).href);
const argument = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/** The emulator's process: serves until its parent disconnects. */
async function emulatorProcess() {
  const { serve } = await load('packages/emulator/dist/node.js');
  process.once('message', async ({ rows, publicKey }) => {
    const server = await serve({
      merchants: [{ login: 'bench', controlKey: 'bench-key', publicKeys: [publicKey], endpointIds: ['1'] }],
      profiles: Array.from({ length: rows }, (_, i) => ({ 'recurring-payment-id': `rp-${i + 1}` })),
      log: () => {},
    });
    process.send({ url: server.url });
  });
  process.once('disconnect', () => process.exit(0));
}

/** One measured bulk run: its own process, so its peak RSS is its own. */
async function bulkProcess() {
  const { bulkUpdateRecurringPayments, createGatewayClient } = await load('packages/gateway/dist/index.js');
  const { createFileJournal, csvFileRows } = await load('packages/gateway/dist/node.js');
  process.once('message', async ({ url, csv, journalPath, algorithm, signer, concurrency, privateKey }) => {
    const adapter = signer === 'webcrypto' ? (await load('packages/oauth-core/dist/webcrypto.js')).defaultAdapter : undefined;
    const client = createGatewayClient({
      baseUrl: url,
      endpointId: '1',
      login: 'bench',
      ...(algorithm === 'HMAC-SHA1' ? { controlKey: 'bench-key' } : { privateKey }),
      ...(adapter && { adapter }),
    });
    const journal = createFileJournal(journalPath);
    const started = performance.now();
    const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows(csv), journal, concurrency });
    const seconds = (performance.now() - started) / 1000;
    await journal.close();
    process.send({ updated: summary.updated, total: summary.total, rowsPerSecond: summary.total / seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 });
    process.disconnect();
  });
}

function ask(child, message) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.send(message);
  });
}

async function main() {
  const rows = Number(argument('rows', '10000'));
  const levels = argument('concurrency', '1,2,8,32').split(',').map(Number);
  const self = fileURLToPath(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'paysign-bench-bulk-'));
  process.stderr.write(`generating a 4096-bit RSA key; writing ${rows} rows\n`);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 4096,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const csv = join(dir, 'rows.csv');
  const lines = ['client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount'];
  for (let n = 1; n <= rows; n++) lines.push(`order-${n};rp-${n};4111111111111111;JOHN DOE;2031;${(n % 12) + 1};${n}.00`);
  writeFileSync(csv, `${lines.join('\r\n')}\r\n`);

  const table = [];
  const configs = [
    { algorithm: 'HMAC-SHA1', signer: 'node' },
    { algorithm: 'RSA-SHA256', signer: 'node' },
    { algorithm: 'RSA-SHA256', signer: 'webcrypto' },
  ];
  for (const { algorithm, signer } of configs) {
    for (const concurrency of levels) {
      // A fresh emulator per run: every profile at revision 0, every nonce new.
      const emulator = fork(self, ['--emulator'], { stdio: 'inherit' });
      const { url } = await ask(emulator, { rows, publicKey });
      const bulk = fork(self, ['--bulk'], { stdio: 'inherit', execArgv: [] });
      const result = await ask(bulk, {
        url,
        csv,
        journalPath: join(dir, `${algorithm}-${signer}-${concurrency}.journal`),
        algorithm,
        signer,
        concurrency,
        privateKey,
      });
      emulator.disconnect();
      const row = { algorithm, signer, concurrency, ...result };
      table.push(row);
      process.stderr.write(
        `${algorithm} ${signer} c=${concurrency}: ${result.rowsPerSecond.toFixed(0)} rows/s, peak RSS ${result.maxRssMb.toFixed(0)} MB (${result.updated}/${result.total} updated)\n`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const out = [
    `bulk update-recurring-payments, ${rows} rows from a CSV file, file journal (fsync), emulator over loopback; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), Node ${process.version}`,
    '',
    '| signature | signer | concurrency | rows/s | peak RSS (MB) | updated |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...table.map(
      (r) => `| ${r.algorithm} | ${r.signer} | ${r.concurrency} | ${r.rowsPerSecond.toFixed(0)} | ${r.maxRssMb.toFixed(0)} | ${r.updated}/${r.total} |`,
    ),
  ].join('\n');
  process.stdout.write(`${out}\n`);
}

if (process.argv.includes('--emulator')) await emulatorProcess();
else if (process.argv.includes('--bulk')) await bulkProcess();
else await main();
