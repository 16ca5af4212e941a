// Issue 27 (low), bulk: a hand-written `updated` line in the journal was trusted whoever wrote it;
// `--results` through a symlink overwrote an unrelated file; a CSV record had no cap.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkError, bulkUpdateRecurringPayments } from '@paysign/bulk';
import { createFileJournal, csvFileRows, openResultsFile } from '@paysign/bulk/node';
import { createGatewayClient } from '@paysign/gateway';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-security-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HEADER = 'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount';
const row = (n: number) => `order-${n};rp-${n};4111111111111111;JOHN DOE;2031;1;${n}.00`;
const FORGED = '{"row":1,"id":"rp-1","outcome":"updated","serial":"forged"}\n';

describe('the journal is trusted input: only its owner may have written it (#27 low)', () => {
  it('a journal that others may write is refused before a line is read, so a forged "updated" line skips no row', async () => {
    for (const mode of [0o666, 0o620, 0o602]) {
      const path = join(dir, `shared-${mode.toString(8)}.journal`);
      writeFileSync(path, FORGED);
      chmodSync(path, mode);
      const journal = createFileJournal(path);
      const error = await (async () => {
        try {
          await journal.load();
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(BulkError);
      expect(error).toMatchObject({ code: 'BULK_INPUT' });
      expect((error as Error).message).toMatch(
        /may be written by (its group|other users) \(mode 0\d{3}\): a journal's lines decide which rows are never sent again/,
      );
      await journal.close();
      // Refused before the lock was taken and before anything was cut or written.
      expect(existsSync(`${path}.lock`)).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe(FORGED);
    }
  });

  it("a new journal is created 0600, and its owner's lines are trusted as written (as the README says)", async () => {
    const path = join(dir, 'new.journal');
    const journal = createFileJournal(path);
    expect(await journal.load()).toEqual([]);
    await journal.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('The journal is trusted input');
  });

  it('a whole run on a world-writable journal sends nothing (a real HTTP gateway counts the requests)', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const csv = join(dir, 'one.csv');
      writeFileSync(csv, `${HEADER}\n${row(1)}\n`);
      const path = join(dir, 'run.journal');
      writeFileSync(path, '');
      chmodSync(path, 0o666);
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createGatewayClient({ baseUrl, endpointId: '1', login: 'm', controlKey: 'k' });
      await expect(bulkUpdateRecurringPayments({ client, source: csvFileRows(csv), journal: createFileJournal(path) })).rejects.toMatchObject({
        code: 'BULK_INPUT',
      });
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('openResultsFile never writes through a link (#27 low)', () => {
  it('refuses a symlink, live or dangling, and leaves its target as it was', async () => {
    const target = join(dir, 'unrelated.txt');
    writeFileSync(target, 'keep me');
    const link = join(dir, 'results-link.csv');
    symlinkSync(target, link);
    await expect(openResultsFile(link)).rejects.toMatchObject({ code: 'BULK_INVALID_OPTIONS', message: expect.stringContaining('is a symbolic link') });
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    const dangling = join(dir, 'results-dangling.csv');
    symlinkSync(join(dir, 'never-created.csv'), dangling);
    await expect(openResultsFile(dangling)).rejects.toMatchObject({ code: 'BULK_INVALID_OPTIONS' });
    expect(existsSync(join(dir, 'never-created.csv'))).toBe(false);
  });

  it('a link planted after the check is replaced by the results, not followed', async () => {
    const target = join(dir, 'victim.txt');
    writeFileSync(target, 'keep me too');
    const path = join(dir, 'results-raced.csv');
    const results = await openResultsFile(path);
    symlinkSync(target, path);
    await results.write([{ row: 1, recurringPaymentId: 'rp-1', outcome: 'updated', serialNumber: 's-1' }]);
    expect(readFileSync(target, 'utf8')).toBe('keep me too');
    expect(readFileSync(path, 'utf8')).toBe('row;recurring-payment-id;outcome;serial-number;error-code;error-message\r\n1;rp-1;updated;s-1;;\r\n');
  });
});

describe('csvFileRows caps a record in bytes (#27 low)', () => {
  it('one stray quote on row 2 of a 3 MB file stops the reading with BULK_INPUT naming the row, its line and the cap', async () => {
    const csv = join(dir, 'stray-quote.csv');
    const rest = `${row(3)}\n`.repeat(Math.ceil((3 << 20) / row(3).length));
    writeFileSync(csv, `${HEADER}\n${row(1)}\norder-2;rp-"2;4111111111111111;JOHN DOE;2031;1;2.00\n${rest}`);
    const read = async () => {
      for await (const _ of csvFileRows(csv)());
    };
    const error = await read().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BulkError);
    expect(error).toMatchObject({ code: 'BULK_INPUT' });
    expect((error as Error).message).toBe(
      `${csv}: row 2 (line 3) is longer than 1048576 bytes, the most one CSV record may hold: a quote opened in it is never closed, so every line after it belongs to it`,
    );
  });
});
