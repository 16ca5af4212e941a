// What the --state tests that drive the real `paysign emulator` binary share: a preload that holds
// emulators until one instant (so that they reach the state's lock together), a signed
// pan-eligibility order sent to a running emulator, and a wait for a condition.
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { clientSign } from '../../../packages/cli/test/hand-sign.js';
import { BIN } from '../../../packages/cli/test/run-cli.js';

/** Resolves after `ms` milliseconds (at once for a time already past). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Writes `DIR/barrier.mjs`: a preload (`NODE_OPTIONS=--import=<it>`) that loads the binary's modules,
 * so that little is left to load after it, then holds the process until `PAYSIGN_TEST_START` (ms
 * since the epoch) and lets the binary run. Returns its path.
 */
export async function writeStartBarrier(dir: string): Promise<string> {
  const barrier = join(dir, 'barrier.mjs');
  const cli = pathToFileURL(join(dirname(BIN), 'index.js')).href;
  await writeFile(
    barrier,
    `await import(${JSON.stringify(cli)});\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, Number(process.env.PAYSIGN_TEST_START) - Date.now()));\n`,
  );
  return barrier;
}

/** Sends a signed pan-eligibility/send for `merchantOrderId` (endpoint 1234, HMAC with `controlKey`) and resolves the gateway's order id. */
export async function sendPanEligibilityOrder(base: string, controlKey: string, merchantOrderId: string): Promise<string> {
  const port = new URL(base).port;
  const request = clientSign({
    url: `http://127.0.0.1:${port}/payment/api/v2/pan-eligibility/send/1234`,
    sent: [
      ['client-order-id', merchantOrderId],
      ['sending-card-ref-id', 'ref-1'],
    ],
    key: { controlKey },
    nonce: `n-${merchantOrderId}`,
  });
  const response = await fetch(`${base}/payment/api/v2/pan-eligibility/send/1234`, {
    method: 'POST',
    headers: { Authorization: request.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: request.body,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return new URLSearchParams(text.replace(/\n/g, '')).get('paynet-order-id') as string;
}

/** Waits until `condition` holds, polling every 25 ms; fails naming `what` after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
