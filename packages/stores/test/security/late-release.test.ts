import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallbackHandler } from '@paysign/gateway';
import { ENGINE_NAMES, type Engines, signedCallback, sleep, startEngines } from '../_engines.js';

// Issue 35, medium: a late release deleted the newer lease that replaced it. Two handler instances
// over one real engine, leaseMs 1000: a callback claimed at t=0 whose onCallback throws at 1.5 s;
// the gateway's retry at 1.15 s (after the lease) claims it again on the same instance and runs for
// 2.5 s; the first run's release at 1.5 s must leave that lease, so a copy at 1.75 s on the second
// instance is 503 pending, and onCallback runs twice in all, never three times.

const CONTROL_KEY = 'control-key-for-the-late-release-attack';
let engines: Engines;
beforeAll(async () => {
  engines = await startEngines();
});
afterAll(async () => {
  await engines?.close();
});

describe('a late release touches only its own lease (issue 35, medium)', () => {
  for (const [index, name] of ENGINE_NAMES.entries()) {
    it(`${name}: the copy during the second run is 503, onCallback runs twice, never three times`, async () => {
      const subject = engines.subjects[index]!;
      const merchantOrder = `o-${randomUUID()}`;
      const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '90210', merchantOrder });
      const starts: number[] = [];
      const handler = (store: ReturnType<typeof subject.callbacks>) =>
        createCallbackHandler({
          controlKey: CONTROL_KEY,
          seen: store,
          maxHandlingMs: 500, // no renewal (below the lease), as when a stalled process cannot renew it
          findOrder: () => ({}),
          onCallback: async () => {
            starts.push(Date.now());
            if (starts.length === 1) {
              await sleep(1_500);
              throw new Error('the first run fails late, after its lease');
            }
            await sleep(2_500);
          },
        });
      const one = handler(subject.callbacks({ leaseMs: 1_000 }));
      const two = handler(subject.callbacks({ leaseMs: 1_000 }));
      const first = one(callback());
      while (starts.length === 0) await sleep(5);
      const t0 = starts[0]!; // the claim came just before: its lease ends by t0 + 1000
      await sleep(t0 + 1_150 - Date.now());
      const retry = one(callback());
      await sleep(t0 + 1_750 - Date.now());
      expect(starts).toHaveLength(2); // the retry claimed the callback again, after the first lease
      expect((await first).status).toBe(500); // the first run threw at 1.5 s and released its own claim
      const copy = await two(callback());
      expect([copy.status, await copy.text()]).toEqual([503, 'this callback is being handled; retry later']);
      expect((await retry).status).toBe(200);
      expect((await two(callback())).status).toBe(200); // done: answered without running
      expect(starts).toHaveLength(2);
    }, 20_000);
  }
});
