// The gateway's rules as hand-derived vectors (vectors/spec-rules.json, each case tied to its line
// of docs/gateway-api.md), checked against @paysign/protocol's public API in every runtime. The
// references themselves (each quote on its line) and the emulator over HTTP are checked by
// test/spec-rules.test.ts, which needs Node. Nothing here computes an expected value.
import { callbackControl, type GatewayOperation } from '@paysign/protocol';
import {
  encodeGatewayReply,
  gatewayOperations,
  matchOperationPath,
  operationPath,
  operationUrl,
  readFormReply,
  recurringPaymentColumns,
  recurringPaymentFields,
} from '@paysign/protocol/wire';
import { previewSchedule, type ScheduleInput } from '@paysign/protocol/schedule';
import { checkOperation, checkRecurringPaymentRows } from '@paysign/protocol';
import { assert, suite, type Suite } from '../harness.js';
import vectors from '../vectors/spec-rules.json' with { type: 'json' };

/** Where a case comes from: a 1-based line of a file in the repository, and text found on it. */
export interface SpecSource {
  file: string;
  line: number;
  quote: string;
}

/** A cell value, or `repeat` written `times` times between `prefix` and `suffix`. */
export type VectorValue = string | { repeat: string; times: number; prefix?: string; suffix?: string };

/** One broken rule a case expects: the wire field, the library's rule code, the spec's rule number. */
export interface ExpectedIssue {
  field: string;
  rule: string;
  specRule?: number;
}

/** A validation case: the base row with `set` cells given and `unset` cells left out. */
export interface ValidationVector {
  id: string;
  source: SpecSource;
  set?: Record<string, VectorValue>;
  unset?: string[];
  issues: ExpectedIssue[];
}

/** A transfer case: the base parameters with `set` ones changed; issues compared on the typed fields only. */
export interface TransferVector {
  id: string;
  set?: Record<string, string>;
  issues: ExpectedIssue[];
}

/** A schedule case: a wire-named payment, the current date, and the charges expected. */
export interface ScheduleVector {
  id: string;
  payment: Record<string, string>;
  today: string;
  count: number;
  charges: unknown[];
}

/** A case left out of the checks until the code gives its outcome: why, and where it comes from. */
export interface PendingVector {
  id: string;
  source: SpecSource;
  reason: string;
}

export const specRuleVectors = vectors;
/** The `pending` cases; the list may be absent (none pending). */
export const pendingVectors: PendingVector[] = (vectors as { pending?: PendingVector[] }).pending ?? [];
export const validationVectors = vectors.validation as ValidationVector[];
export const scheduleVectors = vectors.schedules.cases as ScheduleVector[];
export const transferVectors = vectors.transfer.cases as TransferVector[];
export const projectCurrency: string = vectors.projectCurrency.value;

/** Every `{ file, line, quote }` anywhere below `node` (pending cases included). */
export function specSources(node: unknown, found: SpecSource[] = []): SpecSource[] {
  if (Array.isArray(node)) for (const item of node) specSources(item, found);
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.file === 'string' && typeof record.line === 'number' && typeof record.quote === 'string') found.push(record as unknown as SpecSource);
    for (const value of Object.values(record)) specSources(value, found);
  }
  return found;
}

function materialize(value: VectorValue): string {
  return typeof value === 'string' ? value : `${value.prefix ?? ''}${value.repeat.repeat(value.times)}${value.suffix ?? ''}`;
}

/** The wire row of a validation case. */
export function vectorRow(vector: ValidationVector): Record<string, string> {
  const row: Record<string, string> = { ...vectors.baseRow.row };
  for (const name of vector.unset ?? []) delete row[name];
  for (const [name, value] of Object.entries(vector.set ?? {})) row[name] = materialize(value);
  return row;
}

/** The parameters of a transfer case. */
export function transferParams(vector: TransferVector): Record<string, string> {
  return { ...vectors.transfer.baseParams.params, ...vector.set };
}

const byIssue = (a: ExpectedIssue, b: ExpectedIssue) => (`${a.field} ${a.rule}` < `${b.field} ${b.rule}` ? -1 : 1);

/** A wire-named payment as the typed input previewSchedule takes (names from the field table). */
function typedPayment(payment: Record<string, string>): ScheduleInput {
  const typed: Record<string, unknown> = {};
  for (const [wire, value] of Object.entries(payment)) {
    const field = recurringPaymentFields.find((candidate) => candidate.wire === wire);
    if (field === undefined) throw new Error(`the vector names an unknown field ${wire}`);
    typed[field.property] = field.kind === 'decimal-list' ? value.split(',') : value;
  }
  return typed as ScheduleInput;
}

const lengthOf = (field: object, key: 'maxLength' | 'minLength'): number | undefined => (key in field ? (field as Record<typeof key, number>)[key] : undefined);

/**
 * The spec-rule suites: field table, validation, schedules, paths, CSV header, replies, callback checksums.
 *
 * @example
 * ```ts
 * await runSuites(specRuleSuites(), console.log, 'deno');
 * ```
 */
export function specRuleSuites(): Suite[] {
  const { baseUrl, endpointId } = vectors.paths;
  return [
    suite('spec rules: the field table', (test) => {
      for (const row of vectors.fieldTable.rows) {
        test(`${row.wire}: necessity and length as printed`, () => {
          const field = recurringPaymentFields.find((candidate) => candidate.wire === row.wire);
          assert.ok(field, `${row.wire} is not a field`);
          assert.equal(field.necessity, row.necessity);
          assert.equal(lengthOf(field, 'maxLength'), row.maxLength ?? undefined);
          assert.equal(lengthOf(field, 'minLength'), 'minLength' in row ? row.minLength : undefined);
        });
      }
    }),
    suite('spec rules: validation', (test) => {
      for (const vector of validationVectors) {
        test(vector.id, () => {
          const issues = checkRecurringPaymentRows([vectorRow(vector)], { projectCurrency }).map(({ field, rule, specRule }) => ({
            field,
            rule,
            ...(specRule !== undefined && { specRule }),
          }));
          assert.deepEqual(issues.sort(byIssue), [...vector.issues].sort(byIssue));
        });
      }
    }),
    suite('spec rules: transfer parameters of a type', (test) => {
      for (const vector of transferVectors) {
        test(vector.id, () => {
          const issues = checkOperation('transfer', transferParams(vector), { projectCurrency })
            .filter((issue) => vectors.transfer.checkedFields.includes(issue.field))
            .map(({ field, rule }) => ({ field, rule }));
          assert.deepEqual(issues.sort(byIssue), [...vector.issues].sort(byIssue));
        });
      }
    }),
    suite('spec rules: schedules', (test) => {
      for (const vector of scheduleVectors) {
        test(vector.id, () => assert.deepEqual(previewSchedule(typedPayment(vector.payment), { count: vector.count, today: vector.today }), vector.charges));
      }
    }),
    suite('spec rules: paths and versions', (test) => {
      for (const vector of vectors.paths.cases) {
        test(vector.id, () => {
          const operation = vector.operation as GatewayOperation;
          assert.equal(gatewayOperations[operation].version, vector.version);
          assert.equal(operationPath(operation, endpointId), vector.path);
          assert.equal(operationUrl(baseUrl, operation, endpointId), `${baseUrl}${vector.path}`);
          assert.deepEqual(matchOperationPath(vector.path), { operation, endpointId });
        });
      }
      for (const vector of vectors.paths.wrongVersions) {
        test(vector.id, () => assert.equal(matchOperationPath(vector.path), undefined));
      }
    }),
    suite('spec rules: CSV header, replies, callback checksums', (test) => {
      test('the CSV header of the plain-text example, in its order, then the further columns', () => {
        assert.deepEqual(recurringPaymentColumns.slice(0, vectors.csvHeader.columns.length), vectors.csvHeader.columns);
        for (const column of [...vectors.csvHeader.further.columns, ...vectors.fieldTable.rows.map((row) => row.wire)]) {
          assert.ok((recurringPaymentColumns as readonly string[]).includes(column), `${column} is not a column`);
        }
      });
      for (const vector of vectors.replies.formEncoding) {
        test(vector.id, () => {
          assert.deepEqual(readFormReply(vector.body), vector.fields);
          // The fields in the captured order, written as the gateway wrote them.
          assert.equal(encodeGatewayReply(Object.entries(vector.fields)), vector.body);
        });
      }
      for (const vector of vectors.replies.written) {
        test(vector.id, () => {
          const pairs = vector.pairs as [string, string][];
          assert.equal(encodeGatewayReply(pairs), vector.body);
          assert.deepEqual(readFormReply(vector.body), Object.fromEntries(pairs));
        });
      }
      for (const vector of vectors.callbackChecksums.cases) {
        test(`callback checksum: ${vector.id}`, async () => {
          const fields = { status: vector.status, orderid: vector.orderid, merchantOrder: vector.merchantOrder };
          assert.equal(await callbackControl(fields, vector.controlKey), vector.control);
        });
      }
    }),
  ];
}
