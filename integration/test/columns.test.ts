import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeCsv, encodeCsv } from '@paysign/payload-codec';
import { recurringPaymentColumns } from '@paysign/protocol/wire';
import { recurringPaymentFields, NOTIFY_URL_CSV_ALIAS } from '@paysign/protocol/wire';

// docs/gateway-api.md, "update-recurring-payments": "The header shown in the plain-text
// example of the CSV is in this order: client-orderid, recurring-payment-id, ..., expire-year."
const SPEC_EXAMPLE_HEADER =
  'client-orderid, recurring-payment-id, payment-description, first-name, last-name, address1, city, zip-code, ' +
  'country, state, phone, email, customer-ip, period, interval, start-date, finish-date, max-repeats-number, ' +
  'amount, amount-from, amount-to, amount-sequence, currency, card-printed-name, credit-card-number, expire-month, expire-year';

// The same document's field table ("Recurring payment (as written by update-recurring-payments)").
const SPEC_FIELD_TABLE =
  'client-orderid recurring-payment-id credit-card-number card-printed-name expire-year expire-month amount amount-from ' +
  'amount-to amount-sequence period interval country city address1 first-name last-name customer-ip order_desc zip-code ' +
  'birthday email ssn phone state start-date finish-date max-repeats-number purpose notify_url server_callback_url';

// "Further column names that appear in the CSV header of the request example: payment-description,
// currency, type, current-repeats-number, cvv2, notify-url."
const SPEC_FURTHER_HEADER_NAMES = ['payment-description', 'currency', 'type', 'current-repeats-number', 'cvv2', 'notify-url'];

// The one list, read as the spec lays it out: the example header's 27, then the further columns.
const exampleColumns = recurringPaymentColumns.slice(0, 27);
const furtherColumns = recurringPaymentColumns.slice(27);

describe('recurring-payment columns', () => {
  it("start with the spec's plain-text example header, 27 columns in its order", () => {
    expect(exampleColumns).toEqual(SPEC_EXAMPLE_HEADER.split(', '));
  });

  it('then name every other column the spec names, each once', () => {
    const named = new Set([...SPEC_FIELD_TABLE.split(' '), ...SPEC_FURTHER_HEADER_NAMES]);
    expect(new Set(recurringPaymentColumns)).toEqual(named);
    expect(recurringPaymentColumns).toHaveLength(named.size);
  });

  it('put the further header names first, in the spec order, then the field-table leftovers in table order', () => {
    expect(furtherColumns.slice(0, 4)).toEqual(['type', 'current-repeats-number', 'cvv2', 'notify-url']);
    const leftovers = SPEC_FIELD_TABLE.split(' ').filter((name) => !exampleColumns.includes(name as never));
    expect(furtherColumns.slice(4)).toEqual(leftovers);
  });

  it('are frozen, so no caller can reorder the header for everyone', () => {
    expect(Object.isFrozen(recurringPaymentColumns)).toBe(true);
  });

  it('write a header line that reads back as the same columns', () => {
    const csv = encodeCsv([], { columns: recurringPaymentColumns });
    expect(csv).toBe(`${recurringPaymentColumns.join(';')}\r\n`);
    expect(decodeCsv(csv, { columns: recurringPaymentColumns })).toEqual({ columns: [...recurringPaymentColumns], rows: [] });
  });

  it("are the field table's wire names plus the spec's further header names: one table, two views", () => {
    const tableNames = recurringPaymentFields.map((field) => field.wire);
    for (const name of tableNames) expect(recurringPaymentColumns).toContain(name);
    const beyondTable = recurringPaymentColumns.filter((name) => !(tableNames as string[]).includes(name));
    expect(beyondTable.sort()).toEqual([...SPEC_FURTHER_HEADER_NAMES.filter((n) => !(tableNames as string[]).includes(n))].sort());
    expect(beyondTable).toContain(NOTIFY_URL_CSV_ALIAS);
  });
});

// Every package that needs the column list takes it from this one module: no other source file
// under packages/ or bench/ spells the list out. A copy shows as six of its names in its order, quoted and
// comma-separated, in any formatting; six, since related columns (the amount modes) stand together (a file may name single columns for its own logic).
describe('one column list', () => {
  const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));
  const home = fileURLToPath(new URL('../../packages/protocol/src/model/', import.meta.url));
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = `${dir}${name}`;
      if (name === 'node_modules' || name === 'dist' || name === 'test' || name === 'examples' || name === 'demo') return [];
      return statSync(path).isDirectory() ? sources(`${path}/`) : /\.[cm]?[jt]s$/.test(name) ? [path] : [];
    });
  }
  const quoted = (name: string) => `['"\`]${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`;
  const runs = recurringPaymentColumns.slice(0, -5).map(
    (_, i) =>
      new RegExp(
        recurringPaymentColumns
          .slice(i, i + 6)
          .map(quoted)
          .join('\\s*,\\s*'),
      ),
  );

  it('finds a copy where there is one (the check itself)', () => {
    expect(runs.some((run) => run.test(`const c = ['${recurringPaymentColumns.slice(3, 9).join("',\n  '")}'];`))).toBe(true);
  });

  it('lives in packages/protocol/src/model and nowhere else', () => {
    const benchDir = fileURLToPath(new URL('../../bench/src/', import.meta.url));
    const copies = [...sources(packagesDir), ...sources(benchDir)].filter(
      (file) => !file.startsWith(home) && runs.some((run) => run.test(readFileSync(file, 'utf8'))),
    );
    expect(copies.map((file) => file.slice(packagesDir.length))).toEqual([]);
  });
});
