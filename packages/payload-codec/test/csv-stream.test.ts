import fc from 'fast-check';
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

// What decodeCsvStream did before it read the header once (#35 item 4): split the text at each LF
// outside quotes, drop the CR before it and the empty records, check the header with decodeCsv,
// and read each record as the one row of `header + CRLF + record + CRLF`, also with decodeCsv.
function recordByRecordOracle(text: string, columns: readonly string[] | 'any') {
  const records: string[] = [];
  let from = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') inQuotes = !inQuotes;
    else if (text[i] === '\n' && !inQuotes) {
      records.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (from < text.length) records.push(text.slice(from));
  const out: unknown[] = [];
  let header: string | undefined;
  let row = 0;
  try {
    for (const raw of records) {
      const record = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (record === '') continue;
      if (header === undefined) {
        header = record.startsWith('\uFEFF') ? record.slice(1) : record;
        decodeCsv(`${header}\r\n`, { columns });
        continue;
      }
      row++;
      try {
        out.push({ row, values: Object.entries(decodeCsv(`${header}\r\n${record}\r\n`, { columns }).rows[0] ?? {}) });
      } catch (error) {
        if (!(error instanceof CodecError)) throw error;
        out.push({ row, error: { code: error.code, message: error.message.replace(/^row 1\b/, `row ${row}`), column: error.column, field: error.field } });
      }
    }
    if (header === undefined) throw new CodecError('MISSING_HEADER', 'the CSV document is empty: it has no header row');
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    out.push({ thrown: { code: error.code, message: error.message } });
  }
  return out;
}

async function streamed(chunks: string[], columns: readonly string[] | 'any') {
  const out: unknown[] = [];
  try {
    for await (const record of decodeCsvStream(chunks, { columns })) {
      const { row, values, error } = record;
      out.push(
        error === undefined
          ? { row, values: Object.entries(values ?? {}) }
          : { row, error: { code: error.code, message: error.message, column: error.column, field: error.field } },
      );
    }
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    out.push({ thrown: { code: error.code, message: error.message } });
  }
  return out;
}

describe('decodeCsvStream reads the header once: the same rows and errors as decodeCsv record by record (#35 item 4)', () => {
  const known = ['client-orderid', 'amount', 'city', '__proto__'];
  const cell = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', 'a', 'é', '東', '1.00', ...known) },
    { weight: 2, arbitrary: fc.constantFrom(';', '"', '""', '\r', '\n', '\r\n', '\0', '\uFEFF', ',', '\t') },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
  const field = fc.oneof(
    fc.array(cell, { maxLength: 3 }).map((parts) => parts.join('')),
    fc.array(cell, { maxLength: 3 }).map((parts) => `"${parts.join('')}"`),
  );
  const line = fc.array(field, { minLength: 1, maxLength: 5 }).map((fields) => fields.join(';'));
  const header = fc.oneof(
    fc.subarray(known, { minLength: 1 }).map((names) => names.join(';')),
    line,
  );
  const document = fc
    .tuple(fc.constantFrom('', '\uFEFF'), header, fc.array(line, { maxLength: 6 }), fc.constantFrom('\r\n', '\n'), fc.boolean())
    .map(([bom, first, rows, end, last]) => `${bom}${[first, ...rows].join(end)}${last ? end : ''}`);

  it('for any document, valid or not, split anywhere, with known columns or any', async () => {
    await fc.assert(
      fc.asyncProperty(document, fc.nat(), fc.constantFrom<readonly string[] | 'any'>(known, 'any'), async (text, cut, columns) => {
        const at = text.length === 0 ? 0 : cut % text.length;
        expect(await streamed([text.slice(0, at), text.slice(at)], columns)).toEqual(recordByRecordOracle(text, columns));
      }),
      { numRuns: 2000 },
    );
  });
});
