// Issue 27 (low): a bulk CSV record had no cap, and its decoding took time quadratic in its length
// (one stray `"` on row 2 with 16 MB: 28 s). These attacks fail on the reader before the fix.
import { afterEach, describe, expect, it } from 'vitest';
import { CodecError, DEFAULT_MAX_CSV_RECORD_BYTES, decodeCsvStream, type CsvStreamRecord } from '@paysign/payload-codec';

const columns = ['client-orderid', 'recurring-payment-id', 'amount'];
const CHUNK = 64 * 1024; // what csvFileRows reads at a time

/** A file of about `size` characters whose row 2 opens a quote that is never closed. */
function strayQuoteFile(size: number): string[] {
  const head = 'client-orderid;recurring-payment-id;amount\r\no-1;rp-1;1.00\r\no-2;rp-"2;2.00\r\n';
  const line = 'o-3;rp-3;3.00\r\n';
  const text = head + line.repeat(Math.ceil((size - head.length) / line.length));
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += CHUNK) chunks.push(text.slice(at, at + CHUNK));
  return chunks;
}

async function readAll(chunks: Iterable<string>, maxRecordBytes?: number): Promise<CsvStreamRecord[]> {
  const out: CsvStreamRecord[] = [];
  for await (const record of decodeCsvStream(chunks, { columns, ...(maxRecordBytes !== undefined && { maxRecordBytes }) })) out.push(record);
  return out;
}

// The operation count: characters searched by String.prototype.indexOf, the reader's only scan.
const nativeIndexOf = String.prototype.indexOf;
let searched = 0;
function countSearches(): void {
  searched = 0;
  String.prototype.indexOf = function (this: string, search: string, position?: number) {
    const from = Math.max(0, Math.min(this.length, Math.trunc(position ?? 0)));
    const found = nativeIndexOf.call(this, search, from);
    searched += (found === -1 ? this.length : found + search.length) - from;
    return found;
  };
}
afterEach(() => {
  String.prototype.indexOf = nativeIndexOf;
});

describe('decodeCsvStream under attack: a record is capped in bytes and read in linear time (#27 low)', () => {
  it('the work of reading one endless record grows linearly: 4 times the input, about 4 times the characters searched', async () => {
    const counts: number[] = [];
    for (const size of [1 << 20, 4 << 20]) {
      countSearches();
      const records = await readAll(strayQuoteFile(size), Number.POSITIVE_INFINITY);
      String.prototype.indexOf = nativeIndexOf;
      // The whole rest of the file is row 2, refused for its stray quote, never quoted back.
      expect(records.map((r) => [r.row, r.error?.code])).toEqual([
        [1, undefined],
        [2, 'INVALID_QUOTING'],
      ]);
      counts.push(searched);
    }
    const [small, large] = counts as [number, number];
    // Linear: ~4. The quadratic reader searched the rest of the record from every line: ~16.
    expect(large / small).toBeGreaterThan(3);
    expect(large / small).toBeLessThan(5);
    // And in absolute terms: a few searches per character, not one per line per character.
    expect(large).toBeLessThan(4 * (4 << 20));
  });

  it('a record over the cap stops the reading with RECORD_TOO_LONG naming the row, its line and the cap (default 1 MiB)', async () => {
    expect(DEFAULT_MAX_CSV_RECORD_BYTES).toBe(1024 * 1024);
    const error = await readAll(strayQuoteFile(16 << 20)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ code: 'RECORD_TOO_LONG', row: 2 });
    expect((error as Error).message).toBe(
      `row 2 (line 3) is longer than ${1024 * 1024} bytes, the most one CSV record may hold: a quote opened in it is never closed, so every line after it belongs to it`,
    );
  });

  it('the cap counts UTF-8 bytes, not characters, and a record exactly at the cap is read', async () => {
    const header = 'client-orderid;recurring-payment-id;amount\n';
    // "é" is 2 bytes in UTF-8: 30 of them and 'o;r;' are 64 bytes (34 characters; the header has 42).
    const row = `o;r;${'é'.repeat(30)}`;
    const at = await readAll([header, row, '\n'], 64);
    expect(at[0]?.values).toEqual({ 'client-orderid': 'o', 'recurring-payment-id': 'r', amount: 'é'.repeat(30) });
    await expect(readAll([header, row, '\n'], 63)).rejects.toMatchObject({ code: 'RECORD_TOO_LONG', row: 1 });
    // A header row over the cap is named as the header.
    await expect(readAll([header], 10)).rejects.toThrow(/^the header row \(line 1\) is longer than 10 bytes/);
  });

  it('the cap holds whatever the chunking: the memory kept for one record stays under cap + one chunk', async () => {
    const big = `client-orderid;recurring-payment-id;amount\no;r;${'9'.repeat(5000)}\n`;
    for (const size of [1, 7, 4096]) {
      const chunks: string[] = [];
      for (let at = 0; at < big.length; at += size) chunks.push(big.slice(at, at + size));
      await expect(readAll(chunks, 4096)).rejects.toMatchObject({ code: 'RECORD_TOO_LONG', row: 1 });
      expect((await readAll(chunks, 8192))[0]?.values?.amount).toHaveLength(5000);
    }
  });
});
