import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedCallback, sleep } from '../_engines.js';
import { startPostgres, startRedis } from '../_servers.js';
import { CONTROL_KEY } from './_runs.js';

// Round 8 (issue 35): leases under clock skew. Two instances, each its own process over one real
// engine, their wall clocks 600 s apart (one 300 s behind the machine, one 300 s ahead), and the
// first one's clock stepped forward by 600 s while its run holds the lease (NTP correcting it). A
// lease is timed by the engine's clock and the instance's monotonic clock only: the run keeps its
// lease (its signal quiet, renewed through three leases), the other instance's copies are 503,
// and the callback is handled once.

const script = fileURLToPath(new URL('./_skewed-instance.mjs', import.meta.url));
const LEASE_MS = 1_000;

interface Event {
  event: string;
  status?: number;
  committed?: boolean;
  aborted?: boolean;
  at: number;
}

function skewed(engine: string, url: string, offsetMs: number) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [script, engine, url, String(offsetMs), String(LEASE_MS)]);
  const events: Event[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) events.push(JSON.parse(line) as Event);
  });
  const next = async (event: string, after: number): Promise<Event> => {
    for (;;) {
      const found = events.slice(after).find((e) => e.event === event);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`instance exited ${child.exitCode}: ${stderr}`);
      await sleep(10);
    }
  };
  return {
    events,
    next,
    send: (command: object) => child.stdin.write(`${JSON.stringify(command)}\n`),
    /** Delivers `url` and resolves its answer (and whether a run started). */
    async deliver(callbackUrl: string, stallMs = 0): Promise<Event> {
      const from = events.length;
      child.stdin.write(`${JSON.stringify({ deliver: callbackUrl, stallMs })}\n`);
      return next('answer', from);
    },
    async stop() {
      child.kill('SIGKILL');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

describe('leases under ±300 s of clock skew, and a clock step mid-lease (round 8)', () => {
  for (const engine of ['node-redis', 'ioredis', 'postgres'] as const) {
    it(`${engine}: the run keeps its lease through a +600 s step of its clock; the other instance's copies are 503; handled once`, async () => {
      const server = engine === 'postgres' ? await startPostgres() : await startRedis();
      const url = 'connectionString' in server ? server.connectionString : server.url;
      const behind = skewed(engine, url, -300_000);
      const ahead = skewed(engine, url, 300_000);
      try {
        await Promise.all([behind.next('ready', 0), ahead.next('ready', 0)]);
        if (engine !== 'postgres') {
          const { createClient } = await import('redis');
          const { adoptNewRedis, fromNodeRedis } = await import('@paysign/stores/redis');
          const redis = await createClient({ url }).connect();
          await adoptNewRedis({ client: fromNodeRedis(redis) });
          await redis.disconnect();
        }
        const callback = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8808', merchantOrder: `o-${randomUUID()}` }).url;
        const from = behind.events.length;
        const first = behind.deliver(callback, 3_200);
        const started = await behind.next('start', from);
        await sleep(started.at + 400 - Date.now());
        behind.send({ step: 600_000 }); // now 300 s ahead of the machine, as the other instance
        const copies: number[] = [];
        for (const moment of [700, 1_500, 2_500]) {
          await sleep(started.at + moment - Date.now());
          copies.push((await ahead.deliver(callback)).status ?? 0);
        }
        const answer = await first;
        expect(copies).toEqual([503, 503, 503]);
        expect([answer.status, answer.committed, answer.aborted]).toEqual([200, true, false]);
        const after = await ahead.deliver(callback);
        expect([after.status, after.committed]).toEqual([200, false]); // done: nothing ran
        expect(ahead.events.filter((e) => e.event === 'start')).toHaveLength(0);
        expect(behind.events.filter((e) => e.event === 'start')).toHaveLength(1);
      } finally {
        await Promise.all([behind.stop(), ahead.stop()]);
        await server.stop();
      }
    }, 30_000);
  }
});
