// Runs the conformance suites in every runtime and compares their transcripts.
//
//   node conformance/runtimes/run-all.mjs            # the whole matrix
//   node conformance/runtimes/run-all.mjs deno bun   # some runtimes only (while developing)
//
// Prints each runtime's `N passed, N failed` line, then one final line for the whole matrix, and
// exits non-zero on any failure. A runtime that cannot start, crashes, prints no summary or
// disagrees with the others' transcript is a failure, never a skip.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';
import { nodeBinary, platform } from './node-binaries.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
// The runtimes are this folder's own dependencies (pnpm runtimes:install), not the workspace's.
const bin = (name) => `${here}node_modules/.bin/${name}`;

/** The matrix: each runtime, the bundle it needs, and how to start it (from conformance/runtimes). */
const matrix = [
  { name: `node ${process.version} (host)`, bundle: 'node', command: process.execPath, args: ['.build/node.mjs'] },
  {
    name: 'node 22',
    bundle: 'node',
    command: nodeBinary(22),
    args: ['.build/node.mjs'],
    unavailable: `npm publishes no Node 22 binary package for ${platform}`,
  },
  {
    name: 'node 24',
    bundle: 'node',
    command: nodeBinary(24),
    args: ['.build/node.mjs'],
    unavailable: `npm publishes no Node 24 binary package for ${platform}`,
  },
  // --no-lock: no deno.lock is written into the tree; --no-prompt: a missing permission fails, never waits.
  { name: 'deno', bundle: 'deno', command: bin('deno'), args: ['run', '--no-lock', '--no-prompt', '.build/deno.mjs'] },
  { name: 'bun', bundle: 'bun', command: bin('bun'), args: ['run', '--no-install', '.build/bun.mjs'] },
  { name: 'workerd', bundle: 'workerd', command: bin('workerd'), args: ['test', 'workerd.capnp'] },
  { name: 'workerd+nodejs_compat', bundle: 'workerd-nodejs-compat', command: bin('workerd'), args: ['test', 'workerd-nodejs-compat.capnp'] },
  { name: 'edge-runtime', bundle: 'edge-runtime', command: process.execPath, args: ['edge-runtime.mjs'] },
];

const SUMMARY = /^(.+): (\d+) passed, (\d+) failed$/;
const TRANSCRIPT = /^transcript sha256: ([0-9a-f]{64})$/;
const TIMEOUT_MS = 5 * 60_000;

/** Starts one runtime; resolves to what it printed and how it ended (never rejects). */
function run({ command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: here, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ stdout, stderr: `${stderr}${error.message}\n`, code: null, signal: null });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code, signal });
    });
  });
}

/** Reads a runtime's output into a verdict. */
function judge(runtime, { stdout, stderr, code, signal }) {
  const lines = stdout.split(/\r?\n/);
  const summary = lines.map((line) => SUMMARY.exec(line)).find(Boolean);
  const transcript = lines.map((line) => TRANSCRIPT.exec(line)).find(Boolean)?.[1];
  const failures = lines.filter((line) => line.startsWith('FAIL '));
  const problems = [];
  if (code !== 0) problems.push(signal ? `killed by ${signal}` : code === null ? 'did not start' : `exit code ${code}`);
  if (!summary) problems.push('printed no summary line');
  if (!transcript) problems.push('printed no transcript');
  const passed = summary ? Number(summary[2]) : 0;
  let failed = summary ? Number(summary[3]) : 0;
  // A crash or missing output with no failed test counted still fails the runtime, once.
  if (problems.length > 0 && failed === 0) failed = 1;
  return { name: runtime.name, label: summary?.[1] ?? runtime.name, passed, failed, transcript, failures, problems, stderr };
}

async function runMatrix(runtimes) {
  const results = new Array(runtimes.length);
  let next = 0;
  const worker = async () => {
    while (next < runtimes.length) {
      const index = next++;
      const start = Date.now();
      results[index] = { ...judge(runtimes[index], await run(runtimes[index])), seconds: (Date.now() - start) / 1000 };
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
  return results;
}

const only = process.argv.slice(2);
const selected = only.length === 0 ? matrix : matrix.filter((r) => only.some((name) => r.name.startsWith(name)));
if (selected.length === 0) {
  console.error(`no runtime matches ${only.join(', ')}; runtimes: ${matrix.map((r) => r.name).join(', ')}`);
  process.exit(2);
}

// A Node version npm has no binary package for on this platform is said, by name, and not run:
// the only runtimes ever left out, and never silently.
const missing = selected.filter((r) => r.command === undefined);
for (const r of missing) console.log(`skipped ${r.name}: ${r.unavailable}`);
const present = selected.filter((r) => r.command !== undefined);

const started = Date.now();
const buildFailures = await buildAll();
const runnable = present.filter((r) => !(r.bundle in buildFailures));
const ran = await runMatrix(runnable);
// In matrix order; a runtime whose bundle did not build fails with the bundler's message.
const results = present.map((r) =>
  r.bundle in buildFailures
    ? {
        name: r.name,
        label: r.name,
        passed: 0,
        failed: 1,
        transcript: undefined,
        failures: [],
        problems: [`bundle ${r.bundle} failed to build`],
        stderr: buildFailures[r.bundle],
      }
    : ran[runnable.indexOf(r)],
);

// Every runtime must record the same transcript: the host Node's is the reference.
const reference = results.find((r) => r.transcript)?.transcript;
for (const result of results) {
  if (result.transcript && result.transcript !== reference) {
    result.problems.push(`transcript ${result.transcript} differs from ${results.find((r) => r.transcript === reference).name}'s ${reference}`);
    result.failed += 1;
  }
}

let passed = 0;
let failed = 0;
for (const result of results) {
  passed += result.passed;
  failed += result.failed;
  for (const line of result.failures) console.log(`  ${result.name}: ${line}`);
  if (result.problems.length > 0) {
    console.log(`  ${result.name}: ${result.problems.join('; ')}`);
    const tail = result.stderr.trim().split('\n').slice(-30).join('\n');
    if (tail) console.log(tail.replace(/^/gm, '    | '));
  }
  const took = result.seconds === undefined ? '' : ` (${result.seconds.toFixed(1)} s)`;
  console.log(`${result.label}: ${result.passed} passed, ${result.failed} failed${took}`);
}
const agreeing = results.filter((r) => r.transcript === reference).length;
console.log(`transcripts: ${agreeing} of ${results.length} runtimes agree on ${reference ?? '(none)'}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s for ${results.length} runtimes)`);
console.log(`conformance: ${passed} passed, ${failed} failed${missing.length > 0 ? `, ${missing.length} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
