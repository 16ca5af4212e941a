// RSA-SHA256 4096 with 8 requests in flight: `sign()` of `@paysign/oauth-core/node`'s createSigner
// (the node adapter signs RSA on libuv's thread pool) against `openssl speed -multi <cores>
// rsa4096`, the machine's RSA limit on every core, measured in the same rounds (the order turned
// each round) and paired per round.
import { createPublicKey, verify } from 'node:crypto';
import { availableParallelism } from 'node:os';
import * as node from '@paysign/oauth-core/node';
import { transfer } from '../fixtures/requests.js';
import type { Progress } from '../harness/progress.js';
import { pairedRatios, summarize, type Summary } from '../harness/stats.js';
import { opensslRsa4096 } from '../runtimes/matrix-runtimes.js';
import { fixedSignerOptions, signerOptions } from '../signers/paysign.js';

export interface RsaInFlightResult {
  cores: number;
  inFlight: number;
  /** Length of each window, paysign's and openssl's. */
  seconds: number;
  opensslVersion: string;
  /** Node's libuv thread pool size (UV_THREADPOOL_SIZE, default 4). */
  threadPoolSize: number;
  paysign: Summary;
  openssl: Summary;
  /** paysign / openssl, per round. */
  ratio: Summary;
}

const SPEC = { algorithm: 'RSA-SHA256', request: transfer } as const;

/** Keeps `inFlight` signatures going for `seconds`; signatures per second until the last one settled. */
async function inFlightWindow(sign: () => Promise<unknown>, inFlight: number, seconds: number): Promise<number> {
  const start = performance.now();
  const until = start + seconds * 1000;
  let count = 0;
  const lane = async () => {
    while (performance.now() < until) {
      await sign();
      count++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return (count * 1000) / (performance.now() - start);
}

/**
 * Measures the row "RSA-SHA256 4096, 8 in flight" against `openssl speed -multi <cores> rsa4096`;
 * `undefined` when openssl is not installed.
 *
 * @example
 * ```ts
 * const result = await runRsaInFlight(pkcs1Pem, 9, 3, progress);
 * result?.ratio.median; // 0.9 reads "90% of openssl on every core"
 * ```
 */
export async function runRsaInFlight(
  pkcs1Pem: string,
  rounds: number,
  seconds: number,
  progress: Progress,
  inFlight = 8,
): Promise<RsaInFlightResult | undefined> {
  const cores = availableParallelism();
  progress.step(`RSA-SHA256 4096, ${inFlight} in flight (/node sign()) against openssl speed -multi ${cores} rsa4096`);
  // The bytes first: the signature of the fixed request verifies with the key's public half.
  const checked = await node.createSigner(fixedSignerOptions(SPEC, pkcs1Pem)).sign({ url: transfer.url, params: transfer.params });
  if (!verify('sha256', Buffer.from(checked.baseString), createPublicKey(pkcs1Pem), Buffer.from(checked.signature, 'base64'))) {
    throw new Error('RSA in flight: the signature does not verify');
  }
  const signer = node.createSigner(signerOptions(SPEC, pkcs1Pem));
  const request = { url: transfer.url, params: transfer.params };
  const paysign: number[] = [];
  const openssl: number[] = [];
  let version = '';
  for (let round = 0; round <= rounds; round++) {
    progress.update(round, rounds + 1, round === 0 ? 'warm-up' : `round ${round}`);
    const measureOpenssl = async () => {
      const result = await opensslRsa4096(seconds, cores);
      if (result === undefined) return undefined;
      version = result.version;
      return result.signsPerSecond;
    };
    const measurePaysign = () => inFlightWindow(() => signer.sign(request), inFlight, seconds);
    let ours: number;
    let theirs: number | undefined;
    if (round % 2 === 0) {
      ours = await measurePaysign();
      theirs = await measureOpenssl();
    } else {
      theirs = await measureOpenssl();
      ours = await measurePaysign();
    }
    if (theirs === undefined) return undefined;
    if (round > 0) {
      paysign.push(ours);
      openssl.push(theirs);
    }
  }
  return {
    cores,
    inFlight,
    seconds,
    opensslVersion: version,
    threadPoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    paysign: summarize(paysign),
    openssl: summarize(openssl),
    ratio: summarize(pairedRatios(paysign, openssl)),
  };
}
