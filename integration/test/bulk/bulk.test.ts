import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkError, bulkUpdateRecurringPayments, createMemoryJournal, readJournalText, type BulkInvalidRow } from '@paysign/bulk';
import { createFileJournal, csvFileRows } from '@paysign/bulk/node';
import { createGatewayClient } from '@paysign/gateway';
import {
  bulkRow,
  bulkRows,
  CONTROL_KEY,
  csvText,
  ENDPOINT_ID,
  LOGIN,
  revisions,
  serveEmulator,
  startFrontServer,
  TEST_PAN,
  type FrontServer,
} from './bulk-helpers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

function client(baseUrl: string, extra: { controlKey?: string; timeoutMs?: number; maxReplyBytes?: number } = {}) {
  return createGatewayClient({ baseUrl, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY, ...extra });
}

const noDelay = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 };

describe('bulkUpdateRecurringPayments against the emulator over HTTP', () => {
  it('a clean run updates every row exactly once and journals each row once', async () => {
    const server = await serveEmulator(300);
    closers.push(() => server.close());
    const journal = createMemoryJournal();
    const progress: number[] = [];
    const summary = await bulkUpdateRecurringPayments({
      client: client(server.url),
      source: () => bulkRows(300),
      journal,
      concurrency: 8,
      onProgress: (p) => progress.push(p.done),
    });
    expect(summary).toMatchObject({ stopReason: 'completed', total: 300, done: 300, updated: 300, refused: 0, failed: 0, invalid: 0, notDone: 0, inFlight: 0 });
    const counts = await revisions(server.emulator);
    expect([...counts.values()].every((revision) => revision === 1)).toBe(true);
    expect(journal.records.map((r) => r.row).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(journal.records.every((r) => r.outcome === 'updated' && r.serialNumber !== undefined)).toBe(true);
    expect(progress.at(-1)).toBe(300);
  });

  it('transient failures (reset, 503, timeout, over-long and unreadable replies) are retried and end updated', async () => {
    const modes = ['reset', '503', 'hang', 'too-long', 'unreadable'] as const;
    let row = 0;
    const firstMode = new Map<string, (typeof modes)[number]>();
    const server: FrontServer = await startFrontServer(40, (attempt, payload) => {
      if (!firstMode.has(payload)) firstMode.set(payload, modes[row++ % modes.length]!);
      if (attempt === 1) return firstMode.get(payload)!;
      if (attempt === 2 && firstMode.get(payload) === '503') return 'reset'; // two failures in a row
      return 'pass';
    });
    closers.push(() => server.close());
    const summary = await bulkUpdateRecurringPayments({
      client: client(server.url, { timeoutMs: 400, maxReplyBytes: 1024 }),
      source: () => bulkRows(40),
      concurrency: 8,
      retry: noDelay,
    });
    expect(summary).toMatchObject({ stopReason: 'completed', updated: 40, failed: 0, refused: 0 });
    expect(summary.retries).toBe(40 + 8); // one retry per row, two for the 8 rows that first got a 503
    const counts = await revisions(server.emulator);
    expect([...counts.values()]).toEqual(Array(40).fill(1)); // no injected failure reached the emulator
  });

  it('an update applied whose reply was lost is sent again: safe, the same values written twice', async () => {
    const server = await startFrontServer(5, (attempt) => (attempt === 1 ? 'pass-then-reset' : 'pass'));
    closers.push(() => server.close());
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(5), retry: noDelay });
    expect(summary.updated).toBe(5);
    expect([...(await revisions(server.emulator)).values()]).toEqual([2, 2, 2, 2, 2]);
  });

  it('after the last attempt a row whose outcome stays unknown is recorded failed', async () => {
    const server = await startFrontServer(3, () => '503');
    closers.push(() => server.close());
    const journal = createMemoryJournal();
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(3), journal, retry: { ...noDelay, attempts: 3 } });
    expect(summary).toMatchObject({ stopReason: 'completed', failed: 3, updated: 0 });
    expect([...server.attempts.values()]).toEqual([3, 3, 3]);
    expect(journal.records.map((r) => r.errorCode)).toEqual(['SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR']);
  });

  it('refusals (validation-error) are recorded and not retried', async () => {
    const server = await startFrontServer(5, () => 'pass');
    closers.push(() => server.close());
    const journal = createMemoryJournal();
    // rp-99 is unknown to the emulator: it answers type=validation-error.
    const rows = [...bulkRows(4), bulkRow(5, { 'recurring-payment-id': 'rp-99' })];
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: rows, journal, retry: noDelay });
    expect(summary).toMatchObject({ updated: 4, refused: 1, failed: 0, retries: 0 });
    expect([...server.attempts.values()]).toEqual([1, 1, 1, 1, 1]);
    const refused = journal.records.find((r) => r.outcome === 'refused');
    expect(refused).toMatchObject({ row: 5, recurringPaymentId: 'rp-99', errorCode: expect.any(String) });
    expect(refused?.serialNumber).toBeDefined();
  });

  it('a wrong signature setup fails fast: it stops after 3 authentication refusals, records nothing', async () => {
    const server = await startFrontServer(500, () => 'pass');
    closers.push(() => server.close());
    const journal = createMemoryJournal();
    const summary = await bulkUpdateRecurringPayments({
      client: client(server.url, { controlKey: 'not-the-control-key' }),
      source: () => bulkRows(500),
      journal,
      concurrency: 2,
      retry: noDelay,
    });
    expect(summary.stopReason).toBe('authentication');
    expect(summary.authenticationMessage).toMatch(/signature/);
    const sent = [...server.attempts.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(4); // 3 refusals + at most one more already in flight
    expect(journal.records).toEqual([]);
    expect(summary.notDone).toBe(500);
  });

  it('an invalid row refuses the whole run before anything is sent; its message masks the card number', async () => {
    const server = await startFrontServer(10, () => 'pass');
    closers.push(() => server.close());
    const badPan = '4111111111111112'; // fails Luhn
    const rows = [...bulkRows(9), bulkRow(10, { 'credit-card-number': badPan, 'expire-month': '13' })];
    const invalid: BulkInvalidRow[] = [];
    const error = await bulkUpdateRecurringPayments({ client: client(server.url), source: rows, onInvalidRow: (r) => invalid.push(r) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BulkError);
    expect((error as BulkError).code).toBe('BULK_INVALID_ROWS');
    expect((error as BulkError).message).toMatch(/row 10, expire-month: /);
    expect(JSON.stringify([String(error), invalid])).not.toContain(badPan);
    expect(invalid.map((r) => [r.row, r.issues.map((i) => i.rule).sort()])).toEqual([[10, ['expire-month-range', 'luhn']]]);
    expect(server.attempts.size).toBe(0);
  });

  it('with skipInvalid the invalid rows are recorded invalid and the others sent', async () => {
    const server = await startFrontServer(10, () => 'pass');
    closers.push(() => server.close());
    const rows = [...bulkRows(9), bulkRow(10, { 'expire-month': '13' })];
    const journal = createMemoryJournal();
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: rows, journal, skipInvalid: true });
    expect(summary).toMatchObject({ updated: 9, invalid: 1, stopReason: 'completed' });
    expect(journal.records.find((r) => r.row === 10)).toMatchObject({ outcome: 'invalid', errorCode: 'expire-month-range' });
    expect(server.attempts.size).toBe(9);
  });

  it('an aborted run leaves a consistent journal; the next run sends only the rows without an outcome', async () => {
    const server = await startFrontServer(60, () => 'pass');
    closers.push(() => server.close());
    const journal = createMemoryJournal();
    const controller = new AbortController();
    const first = await bulkUpdateRecurringPayments({
      client: client(server.url),
      source: () => bulkRows(60),
      journal,
      concurrency: 4,
      signal: controller.signal,
      // Outcomes are appended in groups: the journal may hold a few more than 20 when the 20th is reported.
      onRecord: () => journal.records.length >= 20 && controller.abort(),
    });
    expect(first.stopReason).toBe('aborted');
    expect(first.done).toBeGreaterThanOrEqual(20);
    expect(first.done).toBeLessThan(60);
    const journaled = new Set(journal.records.map((r) => `rp-${r.row}`));
    const second = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(60), journal, concurrency: 4 });
    expect(second).toMatchObject({ stopReason: 'completed', done: 60, resumed: first.done });
    expect(journal.records.map((r) => r.row).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    for (const [id, revision] of await revisions(server.emulator)) {
      if (journaled.has(id)) expect(revision, id).toBe(1);
      else expect(revision, id).toBeGreaterThanOrEqual(1); // abandoned in flight: maybe applied, then sent again
    }
  });

  it('N shards with their own journals split one input: together every row once', async () => {
    const server = await startFrontServer(30, () => 'pass');
    closers.push(() => server.close());
    const journals = [createMemoryJournal(), createMemoryJournal(), createMemoryJournal()];
    await Promise.all(
      journals.map((journal, index) =>
        bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(30), journal, shard: { index, count: 3 } }),
      ),
    );
    expect(journals.map((j) => j.records.length)).toEqual([10, 10, 10]);
    expect(journals[1]!.records.every((r) => (r.row - 1) % 3 === 1)).toBe(true);
    expect([...(await revisions(server.emulator)).values()]).toEqual(Array(30).fill(1));
    // A journal of another shard is refused, not silently mixed in.
    const error = await bulkUpdateRecurringPayments({
      client: client(server.url),
      source: () => bulkRows(30),
      journal: journals[1]!,
      shard: { index: 0, count: 3 },
    }).catch((e: unknown) => e);
    expect((error as BulkError).code).toBe('BULK_JOURNAL_MISMATCH');
  });
});

describe('the file journal and the CSV file reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-'));

  it('a torn last line (a crash mid-write) is dropped; its row is sent again, every row recorded once', async () => {
    const server = await startFrontServer(5, () => 'pass');
    closers.push(() => server.close());
    const path = join(dir, 'torn.journal');
    writeFileSync(path, '{"row":1,"id":"rp-1","outcome":"updated","serial":"s1"}\n{"row":2,"id":"rp-2","outcome":"updated"}\n{"row":3,"id":"rp-3","outc');
    const journal = createFileJournal(path);
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(5), journal });
    await journal.close();
    expect(summary).toMatchObject({ resumed: 2, done: 5, updated: 5 });
    const { records, completeLength } = readJournalText(readFileSync(path, 'utf8'));
    expect(completeLength).toBe(readFileSync(path, 'utf8').length);
    expect(records.map((r) => r.row).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(server.attempts.size).toBe(3); // rows 3, 4, 5
  });

  it('a corrupt line before the last is refused', async () => {
    const path = join(dir, 'corrupt.journal');
    writeFileSync(path, 'not json\n{"row":2,"id":"rp-2","outcome":"updated"}\n');
    const journal = createFileJournal(path);
    const error = await bulkUpdateRecurringPayments({ client: client('http://127.0.0.1:9'), source: () => bulkRows(2), journal }).catch((e: unknown) => e);
    await journal.close();
    expect((error as BulkError).code).toBe('BULK_JOURNAL_CORRUPT');
    expect((error as BulkError).message).toMatch(/journal line 1/);
  });

  it('reads LF and CRLF files, quoted cells with line breaks, and makes a ragged line an invalid row without its values', async () => {
    const rows = bulkRows(3);
    const lf = join(dir, 'lf.csv');
    writeFileSync(lf, csvText(rows, '\n'));
    const crlf = join(dir, 'crlf.csv');
    writeFileSync(crlf, csvText(rows, '\r\n').replace('JOHN DOE', '"JOHN\r\nDOE"'));
    const collect = async (path: string) => {
      const out: unknown[] = [];
      for await (const row of csvFileRows(path)()) out.push(row);
      return out;
    };
    expect(await collect(lf)).toEqual(rows);
    const read = (await collect(crlf)) as Record<string, string>[];
    expect(read[0]!['card-printed-name']).toBe('JOHN\r\nDOE');
    expect(read.map((r) => r['recurring-payment-id'])).toEqual(['rp-1', 'rp-2', 'rp-3']);

    const ragged = join(dir, 'ragged.csv');
    writeFileSync(ragged, csvText(rows, '\n').replace(`;${TEST_PAN};`, `;${TEST_PAN};987;`));
    const invalid: BulkInvalidRow[] = [];
    const error = await bulkUpdateRecurringPayments({
      client: client('http://127.0.0.1:9'),
      source: csvFileRows(ragged),
      onInvalidRow: (r) => invalid.push(r),
    }).catch((e: unknown) => e);
    expect((error as BulkError).code).toBe('BULK_INVALID_ROWS');
    expect(invalid.map((r) => r.row)).toEqual([1]);
    expect(JSON.stringify(invalid)).not.toMatch(/987|4111111111111111/);
  });

  it('a file without a header row (card data first) is refused without quoting it', async () => {
    const path = join(dir, 'no-header.csv');
    writeFileSync(path, `order-1;rp-1;${TEST_PAN};JOHN DOE;2031;1;1.00\n`);
    const error = await bulkUpdateRecurringPayments({ client: client('http://127.0.0.1:9'), source: csvFileRows(path) }).catch((e: unknown) => e);
    expect((error as BulkError).code).toBe('BULK_INPUT');
    expect((error as BulkError).message).not.toContain(TEST_PAN);
  });
});
