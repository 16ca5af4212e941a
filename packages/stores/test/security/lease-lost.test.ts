import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackHandling, type CallbackSeenStore, createCallbackHandler, createMemoryCallbackStore, GatewayError } from '@paysign/gateway';
import { StoreError } from '@paysign/stores';
import { ENGINE_NAMES, type Engines, signedCallback, sleep, startEngines } from '../_engines.js';

// Round 7 (issues 35 and 36), low: after a stall past its lease, a retry could run onCallback a
// third time if the newer claim failed. leaseMs 1000: the first delivery's onCallback stalls (a
// slow order database) and its instance cannot renew the lease (the engine unreachable from it,
// or past maxHandlingMs); the lease ends, and the gateway's retry at 1.15 s claims the callback on
// another instance and runs it, failing at 1.35 s (it releases its own claim); a third delivery at
// 1.5 s claims and runs it while the first was still running: onCallback ran beside itself, the
// first run never told that it held no lease any more. The handler now gives findOrder and
// onCallback the lease's signal, which aborts no later than the instant the lease can end (here
// before the retry could claim): a run that stops on it never runs beside the next claim's run,
// and nothing is lost (the third delivery handles the callback, once).

const CONTROL_KEY = 'control-key-for-the-lost-lease-attack';
let engines: Engines;
beforeAll(async () => {
  engines = await startEngines();
});
afterAll(async () => {
  await engines?.close();
});

const NAMES = [...ENGINE_NAMES, 'memory (one process)'] as const;
/** Another instance's store over the same engine (the memory store: the same one, one process). */
function storesOf(name: (typeof NAMES)[number]): () => CallbackSeenStore {
  const index = ENGINE_NAMES.indexOf(name as (typeof ENGINE_NAMES)[number]);
  if (index >= 0) return () => engines.subjects[index]!.callbacks({ leaseMs: 1_000 });
  const memory = createMemoryCallbackStore({ leaseMs: 1_000 });
  return () => memory;
}

/** The same store, from an instance that cannot reach the engine to renew (its claim went through first). */
function cannotRenew(store: CallbackSeenStore): CallbackSeenStore {
  return {
    ...store,
    claim: (key) => store.claim(key),
    complete: (key, token) => store.complete(key, token),
    release: (key, token) => store.release(key, token),
    renew: async () => {
      throw new StoreError('STORE_UNAVAILABLE', 'the engine cannot be reached (renew)');
    },
  };
}

/** A run of onCallback: when it started and ended, and when its signal aborted. */
interface Run {
  start: number;
  end?: number;
  abortedAt?: number;
  reason?: unknown;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts: an app that stops on it. */
function stall(ms: number, { signal }: CallbackHandling): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** Whether two runs were under way at one moment. */
function overlapping(runs: readonly Run[]): boolean {
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  return sorted.some((run, i) => i > 0 && run.start < (sorted[i - 1]!.end ?? Number.POSITIVE_INFINITY));
}

describe('a run whose lease is lost is told, before another delivery can claim the callback (round 7, low)', () => {
  for (const name of NAMES) {
    for (const why of ['the engine unreachable for its renewals', 'maxHandlingMs (500) below the lease'] as const) {
      it(`${name}, ${why}: the first run's signal aborts before the retry claims; no two runs overlap; the third delivery handles it once`, async () => {
        const store = storesOf(name);
        const fixed = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '70707', merchantOrder: `o-${randomUUID()}` });
        const deliver = () => new Request(fixed.url); // one callback, delivered three times
        const runs: Run[] = [];
        let claimedAt = 0;
        const handler = (seen: CallbackSeenStore, maxHandlingMs?: number) =>
          createCallbackHandler({
            controlKey: CONTROL_KEY,
            seen,
            ...(maxHandlingMs !== undefined && { maxHandlingMs }),
            findOrder: () => ({}),
            onCallback: async (_callback, _order, handling) => {
              const run: Run = { start: Date.now() };
              runs.push(run);
              handling.signal.addEventListener('abort', () => ((run.abortedAt = Date.now()), (run.reason = handling.signal.reason)), { once: true });
              try {
                if (runs.length === 1)
                  await stall(3_000, handling); // the stalled first run
                else if (runs.length === 2) {
                  await sleep(200);
                  throw new Error('the retry fails'); // its own claim is released
                }
              } finally {
                run.end = Date.now();
              }
            },
          });
        const first = why === 'the engine unreachable for its renewals' ? handler(cannotRenew(store())) : handler(store(), 500);
        const t0 = Date.now();
        const firstAnswer = first(deliver());
        await sleep(t0 + 1_150 - Date.now());
        claimedAt = Date.now();
        const retry = await handler(store())(deliver());
        await sleep(t0 + 1_500 - Date.now());
        const third = await handler(store())(deliver());
        const firstReply = await firstAnswer;

        expect(runs).toHaveLength(3);
        // Told in time: aborted before the retry's claim, within the first lease (1000 ms after its claim).
        expect(runs[0]!.abortedAt).toBeDefined();
        expect(runs[0]!.abortedAt!).toBeLessThan(claimedAt);
        expect(runs[0]!.abortedAt! - t0).toBeLessThanOrEqual(1_000 + 120);
        expect(runs[0]!.reason).toBeInstanceOf(GatewayError);
        expect(runs[0]!.reason).toMatchObject({ code: 'CALLBACK_LEASE_LOST' });
        expect(String((runs[0]!.reason as Error).message)).toMatch(
          why === 'maxHandlingMs (500) below the lease' ? /maxHandlingMs \(500 ms\)/ : /no renewal confirmed within leaseMs \(1000 ms\)/,
        );
        expect(overlapping(runs)).toBe(false);
        expect([firstReply.status, await firstReply.text()]).toEqual([500, "the callback's lease ended before it was handled; retry later"]);
        expect(retry.status).toBe(500);
        expect(third.status).toBe(200); // nothing lost: handled, once
        expect((await handler(store())(deliver())).status).toBe(200); // and done
        expect(runs).toHaveLength(3);
        expect(runs.slice(1).every((run) => run.abortedAt === undefined)).toBe(true); // their leases held
      }, 20_000);
    }
  }

  it('memory: findOrder that outlives the lease (not renewable) never leads to onCallback: 500 lease_lost, and the retry runs it once', async () => {
    const memory = createMemoryCallbackStore({ leaseMs: 600 });
    let runs = 0;
    const verdicts: unknown[] = [];
    const handler = createCallbackHandler({
      controlKey: CONTROL_KEY,
      seen: cannotRenew(memory),
      telemetry: { startSpan: () => ({ setAttributes: (attributes) => void verdicts.push(attributes['paysign.callback.verdict']), fail() {}, end() {} }) },
      findOrder: async (_merchantOrder, _callback, { signal }) => {
        if (runs === 0) await sleep(900); // a lookup that ignores the signal
        return signal.aborted && runs > 0 ? undefined : {};
      },
      onCallback: () => void runs++,
    });
    const request = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '70708', merchantOrder: `o-${randomUUID()}` });
    const answer = await handler(new Request(request.url));
    expect([answer.status, runs, verdicts]).toEqual([500, 0, ['lease_lost']]);
    runs = 1; // the next lookup is quick
    expect(
      (await createCallbackHandler({ controlKey: CONTROL_KEY, seen: memory, findOrder: () => ({}), onCallback: () => void runs++ })(new Request(request.url)))
        .status,
    ).toBe(200);
    expect(runs).toBe(2);
  });

  it('memory: findOrder that blocks the event loop past the lease (a synchronous driver) never leads to onCallback: 500 lease_lost', async () => {
    const memory = createMemoryCallbackStore({ leaseMs: 300 });
    let runs = 0;
    const handler = createCallbackHandler({
      controlKey: CONTROL_KEY,
      seen: cannotRenew(memory),
      findOrder: () => {
        // No timer can fire meanwhile: the lease's deadline passes unseen by its own timer.
        const until = performance.now() + 500;
        while (performance.now() < until);
        return {};
      },
      onCallback: () => void runs++,
    });
    const request = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '70710', merchantOrder: `o-${randomUUID()}` });
    const answer = await handler(new Request(request.url));
    expect([answer.status, await answer.text(), runs]).toEqual([500, "the callback's lease ended before it was handled; retry later", 0]);
  });

  it('memory: a renewal answered after the callback was handled never aborts its signal', async () => {
    const memory = createMemoryCallbackStore({ leaseMs: 90 });
    let signal: AbortSignal | undefined;
    let renewals = 0;
    const slowRenew: CallbackSeenStore = {
      ...memory,
      claim: (key) => memory.claim(key),
      complete: (key, token) => memory.complete(key, token),
      release: (key, token) => memory.release(key, token),
      // Each renewal answers 'not held' 200 ms later: after the handler answered.
      renew: async () => (renewals++, await sleep(200), false),
    };
    const handler = createCallbackHandler({
      controlKey: CONTROL_KEY,
      seen: slowRenew,
      findOrder: () => ({}),
      onCallback: async (_callback, _order, handling) => {
        signal = handling.signal;
        await sleep(50); // one renewal sent (every 30 ms), its answer not yet back
      },
    });
    const request = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '70711', merchantOrder: `o-${randomUUID()}` });
    expect((await handler(new Request(request.url))).status).toBe(200);
    await sleep(400);
    expect(renewals).toBeGreaterThanOrEqual(1);
    expect(signal?.aborted).toBe(false);
  });

  it('a store that renews keeps the signal quiet through three leases, on every engine', async () => {
    const quiet = await Promise.all(
      NAMES.map(async (name) => {
        let aborted: boolean | undefined;
        const handler = createCallbackHandler({
          controlKey: CONTROL_KEY,
          seen: storesOf(name)(),
          findOrder: () => ({}),
          onCallback: async (_callback, _order, { signal }) => {
            await sleep(3_000);
            aborted = signal.aborted;
          },
        });
        const request = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '70709', merchantOrder: `o-${randomUUID()}` });
        return [name, (await handler(request)).status, aborted];
      }),
    );
    expect(quiet).toEqual(NAMES.map((name) => [name, 200, false]));
  }, 20_000);
});
