import { describe, expect, it } from 'vitest';
import { CodecError, decodeCsv, decodeCsvStream } from '@paysign/payload-codec';

const columns = ['client-orderid', 'recurring-payment-id', 'amount'];

async function all(chunks: string[]) {
  const out = [];
  for await (const record of decodeCsvStream(chunks, { columns })) out.push(record);
  return out;
}

describe('decodeCsvStream: the ;-CSV read record by record, with its lines (#20 item 2)', () => {
  it('yields each row with its number and its line, across chunk borders, empty lines and quoted line breaks', async () => {
    const text = 'client-orderid;recurring-payment-id;amount\r\no-1;rp-1;1.00\n\no-2;"rp\n2";2.00\no-3;rp-3;3.00\n';
    // Every split point: a record never depends on where the chunks end.
    for (let cut = 1; cut < text.length; cut++) {
      const records = await all([text.slice(0, cut), text.slice(cut)]);
      expect(records.map(({ row, line, values }) => ({ row, line, id: values?.['recurring-payment-id'] }))).toEqual([
        { row: 1, line: 2, id: 'rp-1' },
        { row: 2, line: 4, id: 'rp\n2' },
        { row: 3, line: 6, id: 'rp-3' },
      ]);
    }
  });

  it('a ragged row is yielded with its error, numbered as the row it is, and reading goes on', async () => {
    const records = await all(['client-orderid;recurring-payment-id;amount\n', 'o-1;rp-1\n', 'o-2;rp-2;2.00\n']);
    expect(records[0]?.error).toBeInstanceOf(CodecError);
    expect(records[0]?.error?.code).toBe('RAGGED_ROW');
    expect(records[0]?.error?.row).toBe(1);
    expect(records[1]).toMatchObject({ row: 2, line: 3, values: { 'recurring-payment-id': 'rp-2' } });
  });

  it('a header separated by "," is WRONG_SEPARATOR, saying the separator is ";" (before: UNKNOWN_HEADER)', async () => {
    const header = 'client-orderid,recurring-payment-id,amount\r\n';
    expect(() => decodeCsv(header, { columns })).toThrow(expect.objectContaining({ code: 'WRONG_SEPARATOR' }));
    await expect(all([header, 'o-1,rp-1,1.00\r\n'])).rejects.toThrow(/the header row is separated by ",", but the gateway's CSV separates fields with ";"/);
    // A header of unknown names is still UNKNOWN_HEADER, names unquoted.
    expect(() => decodeCsv('4111111111111111,123\r\n', { columns })).toThrow(expect.objectContaining({ code: 'UNKNOWN_HEADER' }));
  });
});
