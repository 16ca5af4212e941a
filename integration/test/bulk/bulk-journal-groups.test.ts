import { describe, expect, it } from 'vitest';
import { bulkUpdateRecurringPayments, type BulkJournal, type BulkRecord } from '@paysign/bulk';
import { createGatewayClient } from '@paysign/gateway';
import { createNodeFetch } from '@paysign/gateway/node';
import { bulkRows, CONTROL_KEY, ENDPOINT_ID, LOGIN, revisions, serveEmulator } from './bulk-helpers.js';

// The send pass appends outcomes in groups (#35 item 4): a finished row's outcome waits while
// other rows are in flight, and those held are appended together, so the file journal writes and
// syncs them at once (one write per group, not per row); a worker sends its next row meanwhile,
// but gives no second outcome before its first is durable.

describe('outcomes appended in groups', () => {
  it('outcomes that arrive close together are appended together, one group per burst; each row journaled once', async () => {
    const server = await serveEmulator(64);
    const fetch = createNodeFetch();
    try {
      const gateway = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY, fetch });
      // Replies handed back in bursts of 8, one per turn of the event loop: each waits until 8 are
      // in, then they come back one after the other, as replies that arrive close together do.
      const burst: (() => void)[] = [];
      let repliesBack = 0;
      const next = () => {
        repliesBack++;
        burst.shift()?.();
        if (burst.length > 0) setImmediate(next);
      };
      const client = {
        request: async (...args: Parameters<typeof gateway.request>) => {
          const result = await gateway.request(...args);
          await new Promise<void>((resolve) => {
            burst.push(resolve);
            if (burst.length === 8) next();
          });
          return result;
        },
      };
      // A journal whose appends are durable at once (as one of a store of your own may be): each
      // append notes how many replies were back when it was made, so appends made together (which
      // the file journal writes and syncs at once) note the same count.
      const groups = new Map<number, number>();
      const appended: BulkRecord[] = [];
      const journal: BulkJournal = {
        load: async () => [],
        close: async () => {},
        async append(record: BulkRecord) {
          groups.set(repliesBack, (groups.get(repliesBack) ?? 0) + 1);
          appended.push(record);
        },
      };
      const summary = await bulkUpdateRecurringPayments({ client, source: bulkRows(64), journal, concurrency: 8 });
      expect(summary).toMatchObject({ stopReason: 'completed', updated: 64, notDone: 0 });
      // Appended as each arrived, the 64 would be 64 groups of one; held, a burst is one group of 8
      // (or a few, when the group's 25 ms pass within a burst on a loaded machine).
      expect(groups.size).toBeLessThanOrEqual(32);
      expect([...groups.values()].reduce((x, y) => x + y, 0)).toBe(64);
      expect(appended.map((r) => r.row).sort((x, y) => x - y)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
      expect([...(await revisions(server.emulator)).values()]).toEqual(Array.from({ length: 64 }, () => 1));
    } finally {
      fetch.close();
      await server.close();
    }
  });

  it('a lone outcome (no other row in flight) is appended at once, not held for others to join it', async () => {
    const server = await serveEmulator(1);
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
      // A timer of 0 ms set as the reply comes back: held for others (25 ms), the outcome would be appended after it fired.
      let timerFired = false;
      const timed = {
        request: async (...args: Parameters<typeof client.request>) => {
          const result = await client.request(...args);
          setTimeout(() => {
            timerFired = true;
          }, 0);
          return result;
        },
      };
      const firedAtAppend: boolean[] = [];
      const journal: BulkJournal = {
        load: async () => [],
        append: async () => {
          firedAtAppend.push(timerFired);
        },
        close: async () => {},
      };
      const summary = await bulkUpdateRecurringPayments({ client: timed, source: bulkRows(1), journal, concurrency: 8 });
      expect(summary).toMatchObject({ stopReason: 'completed', updated: 1 });
      expect(firedAtAppend).toEqual([false]);
    } finally {
      await server.close();
    }
  });

  it("what the caller's onRecord throws in the send pass stops the run and is thrown by it, once; nothing hangs or goes unhandled", async () => {
    const server = await serveEmulator(16);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const fetch = createNodeFetch();
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY, fetch });
      const appended: BulkRecord[] = [];
      const journal: BulkJournal = { load: async () => [], append: async (record) => void appended.push(record), close: async () => {} };
      const refusal = new Error('the app could not keep this outcome');
      let calls = 0;
      const run = bulkUpdateRecurringPayments({
        client,
        source: bulkRows(16),
        journal,
        concurrency: 8,
        onRecord: () => {
          calls++;
          if (calls === 3) throw refusal;
        },
      });
      await expect(run).rejects.toBe(refusal);
      // Let any stray rejection surface before looking.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      // The outcome whose callback threw was journaled first: durable, so a resume does not send it again.
      expect(appended.length).toBeGreaterThanOrEqual(3);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      fetch.close();
      await server.close();
    }
  });
});
