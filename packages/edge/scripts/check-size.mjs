#!/usr/bin/env node
// Size budgets for the edge, where cold start grows with the bytes a worker must parse:
// each entry is bundled with esbuild as an edge bundler would (workerd/worker/browser conditions,
// minified, tree-shaken), gzipped at level 9, and compared with its budget. Exit 1 above budget.
//
//   node packages/edge/scripts/check-size.mjs          # report and check
//   node packages/edge/scripts/check-size.mjs --json   # the figures as JSON
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** What is measured, and its budget in bytes (minified + gzip -9). */
export const budgets = [
  {
    name: 'oauth-core HMAC-only import',
    entry: "import { createHmacSigner } from '@paysign/oauth-core/hmac';\nexport { createHmacSigner };\n",
    // createSigner's core bound to an HMAC-only crypto.subtle adapter, with every request option of
    // #34 (raw bodies and oauth_body_hash, the three transmissions, a token per request), without
    // RSA, PLAINTEXT or the byte loop for long values. The budget is #34's goal; measured 4,650 B.
    budget: 4650,
  },
  {
    name: 'edge proxy (Cloudflare module worker)',
    entry: "export { default } from '@paysign/edge/cloudflare';\n",
    // Measured 23,112 B with #34's signer options and protocol's shared rules (the gateway URL,
    // loopback, whole numbers); the budget sits 4% above.
    budget: 24_040,
  },
  {
    // The example worker: the proxy and the PaysignNonceStore Durable Object class (shared replay protection).
    name: 'edge proxy + Durable Object nonce store (examples/cloudflare)',
    entry: "export { default, PaysignNonceStore } from '@paysign/edge/cloudflare';\n",
    // Measured 23,864 B with #34's signer options and protocol's shared rules; the budget sits 4% above.
    budget: 24_820,
  },
];

/** Bundles one entry the way an edge deployment does; returns minified and gzipped byte counts. */
export async function measure(entry) {
  const result = await build({
    stdin: { contents: entry, resolveDir: packageDir, loader: 'js', sourcefile: 'size-entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

async function main() {
  const rows = [];
  for (const { name, entry, budget } of budgets) rows.push({ name, budget, ...(await measure(entry)) });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    for (const row of rows) {
      const verdict = row.gzipped <= row.budget ? 'ok' : `OVER BUDGET by ${row.gzipped - row.budget} bytes (${kb(row.gzipped - row.budget)})`;
      console.log(
        `${row.name}: ${row.gzipped} bytes min+gz (${kb(row.gzipped)}; ${row.minified} bytes minified), budget ${row.budget} bytes (${kb(row.budget)}): ${verdict}`,
      );
    }
  }
  if (rows.some((row) => row.gzipped > row.budget)) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
