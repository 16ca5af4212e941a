import { createHmac, createPrivateKey, generateKeyPair, sign as rsaSign, type KeyObject } from 'node:crypto';
import { arch, platform } from 'node:os';
import { promisify } from 'node:util';
import { createSigner, type SignatureMethod, type Signer, type SignRequest, type SyncSigner } from '@paysign/oauth-core';
import { parseCommandArgs } from '../cli/args.js';
import type { Output } from '../cli/output.js';
import { UsageError } from '../cli/usage-error.js';
import { BENCH_CONSUMER_KEY, BENCH_CONTROL_KEY, BENCH_TRANSFER_PARAMS, BENCH_TRANSFER_URL } from './bench-request.js';
import type { Command } from './command.js';
import { readFlagFile } from './read-file.js';

const FULL_COMPARISON = 'The full comparison (peers, adapters, runtimes, concurrency): `pnpm bench` in the paysign repository (bench/README.md).';

const usage = `paysign bench [--seconds N] [--private-key FILE] [--json]

Measures signing throughput on this runtime: the gateway spec's transfer request (15 parameters)
signed by paysign (createSigner, automatic adapter) with HMAC-SHA1 and RSA-SHA256, each against
its floor measured in the same run (node:crypto createHmac over the same base string; crypto.sign
with a prepared KeyObject). Floor and paysign alternate in rounds; each ratio is the median of the
per-round ratios, so machine load moves both sides alike.

Options:
  --seconds N          measuring time in all, in seconds (default 3)
  --private-key FILE   RSA private key (PEM) for RSA-SHA256; default: a fresh 4096-bit PKCS#1 key
  --json               print the results as JSON

${FULL_COMPARISON}`;

/** Rounds per signature method: enough for a median that one noisy round cannot move. */
const ROUNDS = 7;

/** The spec's transfer request (bench-request.ts, the one copy the full benchmark signs too). */
const TRANSFER: SignRequest = { url: BENCH_TRANSFER_URL, params: BENCH_TRANSFER_PARAMS.map(([name, value]) => [name, value] as [string, string]) };
const CONSUMER_KEY = BENCH_CONSUMER_KEY;
const CONTROL_KEY = BENCH_CONTROL_KEY;

/** One side of a comparison: signs/s as the median of its rounds, and each round's rate (to 0.1). */
export interface BenchContender {
  name: string;
  signsPerSecond: number;
  rounds: number[];
}

/** One signature method: the floor, paysign, and paysign ÷ floor per round. */
export interface BenchMethodResult {
  method: SignatureMethod;
  keyBits?: number;
  floor: BenchContender;
  paysign: BenchContender;
  /** Median of the per-round ratios paysign ÷ floor, with the lowest and highest round (3 decimals). */
  ratio: { median: number; min: number; max: number };
}

/** What `paysign bench --json` prints. */
export interface BenchReport {
  runtime: { name: string; version: string; platform: string; arch: string };
  adapter: string;
  request: string;
  seconds: number;
  roundsPerMethod: number;
  methods: BenchMethodResult[];
  fullComparison: string;
}

/** A contender signs one request per call; it may be asynchronous (webcrypto). */
type SignOnce = () => unknown;

/**
 * Figures are rounded before they are reported: a float's 13-19 digit run can pass the Luhn check,
 * and the CLI's output masks those as card numbers.
 */
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Signs for about `milliseconds` and returns signs per second. The clock is read once per batch,
 * and the batch grows while it takes under a millisecond: cheap for HMAC's microsecond signs,
 * and no overshoot for RSA's millisecond ones.
 */
async function rate(signOnce: SignOnce, milliseconds: number, asynchronous: boolean): Promise<number> {
  const started = performance.now();
  const deadline = started + milliseconds;
  let batch = 1;
  let count = 0;
  let now = started;
  do {
    const batchStarted = now;
    for (let i = 0; i < batch; i++) {
      const result = signOnce();
      if (asynchronous) await result;
    }
    count += batch;
    now = performance.now();
    if (now - batchStarted < 1 && batch < 1024) batch *= 2;
  } while (now < deadline);
  return (count * 1000) / (now - started);
}

/** Alternates floor and paysign for `rounds` rounds of `slotMs` each side, after a short warm-up. */
async function compare(
  floor: { name: string; signOnce: SignOnce },
  paysign: { name: string; signOnce: SignOnce; asynchronous: boolean },
  slotMs: number,
): Promise<Pick<BenchMethodResult, 'floor' | 'paysign' | 'ratio'>> {
  // Warm-up (not counted): lets the JIT compile both paths before the first timed round.
  await rate(floor.signOnce, slotMs, false);
  await rate(paysign.signOnce, slotMs, paysign.asynchronous);
  const floorRounds: number[] = [];
  const paysignRounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    floorRounds.push(await rate(floor.signOnce, slotMs, false));
    paysignRounds.push(await rate(paysign.signOnce, slotMs, paysign.asynchronous));
  }
  const ratios = paysignRounds.map((value, index) => value / floorRounds[index]!);
  const contender = (name: string, rounds: number[]): BenchContender => ({
    name,
    signsPerSecond: round(median(rounds), 1),
    rounds: rounds.map((value) => round(value, 1)),
  });
  return {
    floor: contender(floor.name, floorRounds),
    paysign: contender(paysign.name, paysignRounds),
    ratio: { median: round(median(ratios), 3), min: round(Math.min(...ratios), 3), max: round(Math.max(...ratios), 3) },
  };
}

/** paysign's one-request signing call: `signSync` where the adapter signs synchronously, else `sign`. */
function paysignContender(signer: Signer | SyncSigner) {
  return 'signSync' in signer
    ? { name: `paysign signSync (${signer.adapterName} adapter)`, signOnce: () => signer.signSync(TRANSFER), asynchronous: false }
    : { name: `paysign sign (${signer.adapterName} adapter)`, signOnce: () => signer.sign(TRANSFER), asynchronous: true };
}

/** Both sides must produce the same signature over the same base string, or the comparison is meaningless. */
function assertSameWork(method: SignatureMethod, paysignSignature: string, floorSignature: string): void {
  if (paysignSignature !== floorSignature) throw new Error(`${method}: paysign's signature differs from the floor's over the same base string`);
}

async function benchHmac(slotMs: number): Promise<BenchMethodResult> {
  const signer = createSigner({ consumerKey: CONSUMER_KEY, consumerSecret: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' });
  const sample = await signer.sign(TRANSFER);
  const baseString = sample.baseString;
  // RFC 5849 §3.4.2: key = encode(consumer secret) & encode(token secret); the control key needs no encoding.
  const hmacKey = `${CONTROL_KEY}&`;
  const floorSign = () => createHmac('sha1', hmacKey).update(baseString).digest('base64');
  assertSameWork('HMAC-SHA1', sample.signature, floorSign());
  const result = await compare({ name: 'floor: node:crypto createHmac', signOnce: floorSign }, paysignContender(signer), slotMs);
  return { method: 'HMAC-SHA1', ...result };
}

async function benchRsa(privateKeyPem: string, slotMs: number): Promise<BenchMethodResult> {
  const signer = createSigner({ consumerKey: CONSUMER_KEY, privateKey: privateKeyPem, signatureMethod: 'RSA-SHA256' });
  // Signing once checks the key through paysign first (its errors name no key material).
  const sample = await signer.sign(TRANSFER);
  let keyObject: KeyObject;
  try {
    keyObject = createPrivateKey(privateKeyPem);
  } catch {
    throw new UsageError('--private-key: not a usable RSA private key');
  }
  const data = Buffer.from(sample.baseString, 'utf8');
  const floorSign = () => rsaSign('sha256', data, keyObject).toString('base64');
  assertSameWork('RSA-SHA256', sample.signature, floorSign());
  const result = await compare({ name: 'floor: crypto.sign, prepared KeyObject', signOnce: floorSign }, paysignContender(signer), slotMs);
  const keyBits = keyObject.asymmetricKeyDetails?.modulusLength;
  return { method: 'RSA-SHA256', ...(keyBits !== undefined && { keyBits }), ...result };
}

function runtimeOf(): BenchReport['runtime'] {
  const versions = process.versions as Record<string, string | undefined>;
  const [name, version] = versions.bun ? ['Bun', versions.bun] : versions.deno ? ['Deno', versions.deno] : ['Node', process.versions.node];
  return { name, version, platform: platform(), arch: arch() };
}

function readSeconds(value: string | undefined): number {
  if (value === undefined) return 3;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 600) throw new UsageError('--seconds must be a number from 0.1 to 600');
  return seconds;
}

async function generatePkcs1Key(io: Output): Promise<string> {
  io.err(io.dim('generating a 4096-bit RSA key (PKCS#1) for RSA-SHA256; not timed...'));
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 4096, publicExponent: 0x10001 });
  return privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
}

const formatRate = (value: number) => Math.round(value).toLocaleString('en-US');
const formatRatio = (value: number) => `${value.toFixed(2)}x`;

/**
 * Prints the report as a table: one block per signature method, floor first.
 *
 * @example
 * ```ts
 * printBenchReport(createOutput(), report);
 * ```
 */
export function printBenchReport(io: Output, report: BenchReport): void {
  const { runtime } = report;
  io.out(io.bold(`paysign bench: ${report.request}, ${runtime.name} ${runtime.version} (${runtime.platform} ${runtime.arch}), ${report.adapter} adapter`));
  io.out(io.dim(`${report.roundsPerMethod} interleaved rounds per method (floor, paysign, floor, ...), ${report.seconds} s in all`));
  io.out();
  const nameWidth = Math.max(...report.methods.flatMap((m) => [m.floor.name.length, m.paysign.name.length]));
  io.out(io.bold(`${'method'.padEnd(12)}  ${'contender'.padEnd(nameWidth)}  ${'signs/s'.padStart(10)}  vs floor (median, min-max)`));
  for (const m of report.methods) {
    io.out(`${m.method.padEnd(12)}  ${m.floor.name.padEnd(nameWidth)}  ${formatRate(m.floor.signsPerSecond).padStart(10)}  1.00x`);
    const keyNote = m.keyBits === undefined ? '' : `${m.keyBits}-bit key`;
    const ratio = `${formatRatio(m.ratio.median)} (${formatRatio(m.ratio.min)}-${formatRatio(m.ratio.max)})`;
    io.out(`${keyNote.padEnd(12)}  ${m.paysign.name.padEnd(nameWidth)}  ${formatRate(m.paysign.signsPerSecond).padStart(10)}  ${io.cyan(ratio)}`);
  }
  io.out();
  io.out(io.dim("Ratios are paysign ÷ floor within each round; absolute figures move with the machine's load."));
  io.out(report.fullComparison);
}

export const benchCommand: Command = {
  name: 'bench',
  summary: 'measure signing throughput on this runtime against the crypto floor',
  usage,
  async run(args, { io }) {
    const { values } = parseCommandArgs(args, { seconds: { type: 'string' }, 'private-key': { type: 'string' }, json: { type: 'boolean' } });
    if (values.help) return (io.out(usage), 0);
    const seconds = readSeconds(values.seconds);
    const keyFile = values['private-key'];
    const privateKeyPem = typeof keyFile === 'string' ? await readFlagFile(keyFile, '--private-key') : await generatePkcs1Key(io);
    // Half the time per method; each round, and the warm-up, has a floor slot and a paysign slot.
    const slotMs = (seconds * 1000) / (2 * (ROUNDS + 1) * 2);
    const hmac = await benchHmac(slotMs);
    const rsa = await benchRsa(privateKeyPem, slotMs);
    const report: BenchReport = {
      runtime: runtimeOf(),
      adapter: createSigner({ consumerKey: CONSUMER_KEY, consumerSecret: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' }).adapterName,
      request: "the spec's transfer request (15 parameters)",
      seconds,
      roundsPerMethod: ROUNDS,
      methods: [hmac, rsa],
      fullComparison: FULL_COMPARISON,
    };
    if (values.json) io.out(JSON.stringify(report, null, 2));
    else printBenchReport(io, report);
    return 0;
  },
};
