// Issue #19 item 11 and low items: what the journal and the results CSV hold, on real files,
// from runs against a real HTTP server.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BulkError, type BulkRecord, bulkUpdateRecurringPayments, formatResultLine, readJournalText } from '@paysign/bulk';
import { createFileJournal } from '@paysign/bulk/node';
import { createGatewayClient } from '@paysign/gateway';
import { bulkRow, CONTROL_KEY, ENDPOINT_ID, LOGIN, startFrontServer, TEST_PAN } from './bulk-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-files-'));
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const client = (url: string) => createGatewayClient({ baseUrl: url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });
const refusal = (message: string) => ({ status: 200, body: `type=error&error-code=2&error-message=${encodeURIComponent(message)}` });

/** The CSV payload a request carried, decoded. */
const payloadText = (payload: string) => Buffer.from(payload, 'base64').toString('utf8');

describe('the bulk journal and results hold no card number, whatever surrounds it', () => {
  const echoes = [`pan=${TEST_PAN}x`, '4111_1111_1111_1111', '4111/1111/1111/1111', `card${TEST_PAN}declined`];

  it('a gateway message echoing PANs glued to letters or with _ / separators, and an id holding one', async () => {
    const server = await startFrontServer(2, () => refusal(`refused: ${echoes.join(' ')}`));
    closers.push(() => server.close());
    const path = join(dir, 'echo.journal');
    const journal = createFileJournal(path);
    const rows = [bulkRow(1, { 'recurring-payment-id': `rp${TEST_PAN}x` }), bulkRow(2)];
    const summary = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => rows, journal, csvQuoting: 'rfc4180' });
    await journal.close();
    expect(summary).toMatchObject({ refused: 2 });

    const text = readFileSync(path, 'utf8');
    const { records } = readJournalText(text);
    const results = records.map(formatResultLine).join('');
    for (const file of [text, results]) {
      expect(file).not.toContain(TEST_PAN);
      for (const echo of echoes) expect(file).not.toContain(echo);
      expect(file).toContain('rp411111******1111x');
      expect(file).toContain('pan=411111******1111x');
    }
    // The id was sent as it is: masking is for what is written down, never for the request.
    expect(payloadText([...server.attempts.keys()][0]!)).toContain(`rp${TEST_PAN}x`);
  });

  it('a record made by hand is masked on its way into the journal file too', async () => {
    const path = join(dir, 'by-hand.journal');
    const journal = createFileJournal(path);
    await journal.load();
    await journal.append({
      row: 1,
      recurringPaymentId: `id_${TEST_PAN}`,
      outcome: 'refused',
      errorMessage: `no 4111/1111/1111/1111`,
      serialNumber: `s${TEST_PAN}`,
    });
    await journal.close();
    const text = readFileSync(path, 'utf8');
    expect(text).not.toMatch(/4111(?:[/_]?1111){3}/);
    expect(readJournalText(text).records[0]).toMatchObject({ recurringPaymentId: 'id_411111******1111', errorMessage: 'no 411111******1111' });
  });
});

describe('the results CSV neutralises formula cells; the payload stays byte for byte', () => {
  it('cells starting with =, +, -, @, TAB or CR get a leading quote in the results, not in the request', async () => {
    const ids = ['=HYPERLINK("http://x.example","click")', '+1+2', '-3+4', '@SUM(A1)', '\tTAB', 'rp-6'];
    const messages = ["=cmd|' /C calc'!A0", '+x', '-5 is not an amount', '@x', '\t=1', '\r=1'];
    const server = await startFrontServer(ids.length, (_attempt, payload) => {
      const row = Number(/\r\norder-(\d+);/.exec(payloadText(payload))?.[1]);
      return refusal(messages[row - 1]!);
    });
    closers.push(() => server.close());
    const path = join(dir, 'formula.journal');
    const journal = createFileJournal(path);
    const rows = ids.map((id, i) => bulkRow(i + 1, { 'recurring-payment-id': id }));
    await bulkUpdateRecurringPayments({ client: client(server.url), source: () => rows, journal, csvQuoting: 'rfc4180' });
    await journal.close();

    const records = readJournalText(readFileSync(path, 'utf8')).records.sort((a, b) => a.row - b.row);
    // The journal keeps the values as they are (it is read back by the next run).
    expect(records.map((r) => r.recurringPaymentId)).toEqual(ids);
    const lines = records.map(formatResultLine);
    expect(lines[0]).toBe(`1;"'=HYPERLINK(""http://x.example"",""click"")";refused;;2;'=cmd|' /C calc'!A0\r\n`);
    expect(lines[1]).toBe("2;'+1+2;refused;;2;'+x\r\n");
    expect(lines[2]).toBe("3;'-3+4;refused;;2;'-5 is not an amount\r\n");
    expect(lines[3]).toBe("4;'@SUM(A1);refused;;2;'@x\r\n");
    expect(lines[4]).toBe("5;'\tTAB;refused;;2;'\t=1\r\n");
    expect(lines[5]).toBe(`6;rp-6;refused;;2;"'\r=1"\r\n`);
    // Every request carried its id byte for byte.
    const sent = [...server.attempts.keys()].map(payloadText).join('\n');
    for (const id of ids) expect(sent).toContain(id.includes('"') ? `"${id.replace(/"/g, '""')}"` : id);
    expect(sent).not.toContain("'=");
  });
});

describe('a file named as the journal that is not one', () => {
  it('a one-line file without a final newline is refused and left as it was (not cut as a torn record)', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'remember: rows 1-500 are for the June run');
    const journal = createFileJournal(path);
    const error = await Promise.resolve(journal.load()).catch((e: unknown) => e);
    await journal.close();
    expect((error as BulkError).code).toBe('BULK_JOURNAL_CORRUPT');
    expect((error as BulkError).message).toMatch(/line 1 is not a record.*not a bulk journal/);
    expect(readFileSync(path, 'utf8')).toBe('remember: rows 1-500 are for the June run');
  });

  it('a torn record (the start of one, zeros of an unwritten block after it) is still dropped and cut', async () => {
    for (const torn of ['{"row":3,"id":"rp-3","outc', '{"ro', '{"row":3,"id"\0\0\0\0']) {
      const path = join(dir, `torn-${torn.length}.journal`);
      writeFileSync(path, `{"row":1,"id":"rp-1","outcome":"updated"}\n${torn}`);
      const journal = createFileJournal(path);
      expect(((await journal.load()) as readonly BulkRecord[]).map((r) => r.row)).toEqual([1]);
      await journal.close();
      expect(readFileSync(path, 'utf8')).toBe('{"row":1,"id":"rp-1","outcome":"updated"}\n');
    }
  });
});
