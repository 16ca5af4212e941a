import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BulkError, bulkUpdateRecurringPayments, type BulkInvalidRow } from '@paysign/bulk';
import { createFileJournal } from '@paysign/bulk/node';
import { createGatewayClient, GatewayError } from '@paysign/gateway';
import { bulkRow, bulkRows, CONTROL_KEY, ENDPOINT_ID, LOGIN, revisions, serveEmulator } from './bulk-helpers.js';

// Bulk on its own (issue #20, item 2): a client method for rows, the client's rules, shards that
// answer for their own rows, BulkError in the one hierarchy, close() without polling.
const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-own-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bulk on its own', () => {
  it('checks each row once, with the csvQuoting and projectCurrency given to the run, and sends it through client.request as checked', async () => {
    const server = await serveEmulator(3);
    try {
      const gateway = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
      const sent: { operation: string; params: Readonly<Record<string, string>> }[] = [];
      // Only `request`: the run never asks the client to check a row again (nor reads its rules back).
      const client = {
        request: (operation: string, params: Readonly<Record<string, string>>, options?: Parameters<typeof gateway.request>[2]) => {
          sent.push({ operation, params });
          return gateway.request(operation, params, options);
        },
      };
      // A name with ";" needs rfc4180 quoting.
      const rows = [bulkRow(1, { 'card-printed-name': 'DOE; JOHN' }), bulkRow(2)];
      const summary = await bulkUpdateRecurringPayments({ client, source: rows, csvQuoting: 'rfc4180', projectCurrency: 'EUR' });
      expect(summary).toMatchObject({ stopReason: 'completed', updated: 2, invalid: 0 });
      expect(sent.map((request) => [request.operation, Object.keys(request.params)])).toEqual([
        ['update-recurring-payments', ['payload']],
        ['update-recurring-payments', ['payload']],
      ]);
      expect(Buffer.from(sent[0]?.params.payload ?? '', 'base64').toString('utf8')).toContain('"DOE; JOHN"');
      // Without rfc4180 the same row is invalid, found in the validation pass: nothing sent.
      const refused = await bulkUpdateRecurringPayments({ client, source: rows }).catch((e: unknown) => e);
      expect((refused as BulkError).code).toBe('BULK_INVALID_ROWS');
      expect((refused as BulkError).message).toMatch(/row 1, card-printed-name: /);
      // The project currency is checked in the validation pass, before anything is sent.
      const before = await revisions(server.emulator);
      const error = await bulkUpdateRecurringPayments({ client, source: [bulkRow(3, { currency: 'USD' })], projectCurrency: 'EUR' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BulkError);
      expect((error as BulkError).code).toBe('BULK_INVALID_ROWS');
      expect((error as BulkError).message).toMatch(/row 1, currency: /);
      expect(await revisions(server.emulator)).toEqual(before);
      expect(sent).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('client.updateRecurringPaymentRows sends a wire-named row as it is, and names its issues rows[i]', async () => {
    const server = await serveEmulator(1);
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
      const result = await client.updateRecurringPaymentRows([bulkRow(1)]);
      expect(result.status).toBeDefined();
      expect((await revisions(server.emulator)).get('rp-1')).toBe(1);
      const error = await client.updateRecurringPaymentRows([bulkRow(1, { 'expire-month': '13' })]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as Error).message).toMatch(/rows\[0\] expire-month/);
    } finally {
      await server.close();
    }
  });

  it('a shard is refused only for its own invalid rows, and onInvalidRow hears of them', async () => {
    const server = await serveEmulator(4);
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
      // Row 2 (index 1) belongs to shard 1 of 2.
      const rows = [bulkRow(1), bulkRow(2, { 'expire-month': '13' }), bulkRow(3), bulkRow(4)];
      const heard: BulkInvalidRow[] = [];
      const zero = await bulkUpdateRecurringPayments({ client, source: rows, shard: { index: 0, count: 2 }, onInvalidRow: (row) => heard.push(row) });
      // Before: shard 0 was refused (BULK_INVALID_ROWS for row 2) while onInvalidRow was called 0 times.
      expect(zero).toMatchObject({ stopReason: 'completed', total: 2, updated: 2 });
      expect(heard).toEqual([]);
      const error = await bulkUpdateRecurringPayments({ client, source: rows, shard: { index: 1, count: 2 }, onInvalidRow: (row) => heard.push(row) }).catch(
        (e: unknown) => e,
      );
      expect((error as BulkError).code).toBe('BULK_INVALID_ROWS');
      expect(heard.map((row) => row.row)).toEqual([2]);
    } finally {
      await server.close();
    }
  });

  it("BulkError is bulk's own error (one hierarchy per package, not the client's GatewayError), with its stable code", async () => {
    const error = await bulkUpdateRecurringPayments({ client: {} as never, source: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkError);
    expect(error).not.toBeInstanceOf(GatewayError);
    expect((error as BulkError).code).toBe('BULK_INVALID_OPTIONS');
  });

  it('the file journal closes after the appends under way, without polling a timer', async () => {
    const path = join(dir, 'close.journal');
    const journal = createFileJournal(path);
    await journal.load();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const appended = journal.append({ row: 1, recurringPaymentId: 'rp-1', outcome: 'updated' });
      await journal.close();
      await appended;
      // Before: close() looped on setTimeout(resolve, 1) while the write was under way.
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
    expect(readFileSync(path, 'utf8')).toBe('{"row":1,"id":"rp-1","outcome":"updated"}\n');
  });

  it('progressIntervalMs is used as validated', async () => {
    const server = await serveEmulator(2);
    try {
      const client = createGatewayClient({ baseUrl: server.url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
      const error = await bulkUpdateRecurringPayments({ client, source: bulkRows(2), progressIntervalMs: 2 ** 40, onProgress: () => {} }).catch(
        (e: unknown) => e,
      );
      // Before: accepted by the check, then handed to setInterval, which fires at once past 2^31 - 1 ms.
      expect((error as BulkError).code).toBe('BULK_INVALID_OPTIONS');
      expect((error as Error).message).toContain('progressIntervalMs');
    } finally {
      await server.close();
    }
  });
});
