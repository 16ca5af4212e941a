// The gateway's rules checked by something that is not the rule itself (issue #20 item 1): the
// hand-derived cases of vectors/spec-rules.json, each tied to a line of the spec, against
// @paysign/spec's public API and, for validation and paths, against the emulator over real HTTP
// (signed by the emulator tests' independent signer, which uses node:crypto only).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import {
  callbackControl,
  encodeGatewayReply,
  gatewayOperations,
  matchOperationPath,
  operationPath,
  operationUrl,
  previewSchedule,
  readFormReply,
  recurringPaymentColumns,
  recurringPaymentExampleColumns,
  recurringPaymentFields,
  validateRecurringPaymentRow,
  type GatewayOperation,
  type ScheduleInput,
} from '@paysign/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handPayload, handSign, post, readReply } from '../../packages/emulator/test/independent-signer.js';
import vectors from '../vectors/spec-rules.json' with { type: 'json' };

interface Source {
  file: string;
  line: number;
  quote: string;
}
type Value = string | { repeat: string; times: number; prefix?: string; suffix?: string };
interface ExpectedIssue {
  field: string;
  rule: string;
  specRule?: number;
}
interface ValidationCase {
  id: string;
  source: Source;
  set?: Record<string, Value>;
  unset?: string[];
  issues: ExpectedIssue[];
}
interface ScheduleCase {
  id: string;
  payment: Record<string, string>;
  today: string;
  count: number;
  charges: unknown[];
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const projectCurrency = vectors.projectCurrency.value;
const validationCases = vectors.validation as ValidationCase[];
const scheduleCases = vectors.schedules.cases as ScheduleCase[];

function fileLines(file: string): string[] {
  return readFileSync(`${repoRoot}${file}`, 'utf8').split('\n');
}

/** Every `{ file, line, quote }` anywhere in the vectors, pending cases included. */
function allSources(node: unknown, found: Source[] = []): Source[] {
  if (Array.isArray(node)) for (const item of node) allSources(item, found);
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.file === 'string' && typeof record.line === 'number' && typeof record.quote === 'string') found.push(record as unknown as Source);
    for (const value of Object.values(record)) allSources(value, found);
  }
  return found;
}

function materialize(value: Value): string {
  return typeof value === 'string' ? value : `${value.prefix ?? ''}${value.repeat.repeat(value.times)}${value.suffix ?? ''}`;
}

function rowOf(vector: ValidationCase): Record<string, string> {
  const row: Record<string, string> = { ...vectors.baseRow.row };
  for (const name of vector.unset ?? []) delete row[name];
  for (const [name, value] of Object.entries(vector.set ?? {})) row[name] = materialize(value);
  return row;
}

const byIssue = (a: ExpectedIssue, b: ExpectedIssue) => `${a.field} ${a.rule}`.localeCompare(`${b.field} ${b.rule}`);

/** A wire-named payment as the typed input previewSchedule takes (names from the field table). */
function typedPayment(payment: Record<string, string>): ScheduleInput {
  const typed: Record<string, unknown> = {};
  for (const [wire, value] of Object.entries(payment)) {
    const field = recurringPaymentFields.find((candidate) => candidate.wire === wire);
    if (field === undefined) throw new Error(`vector names an unknown field ${wire}`);
    typed[field.property] = field.kind === 'decimal-list' ? value.split(',') : value;
  }
  return typed as ScheduleInput;
}

describe('spec-rule vectors: references', () => {
  const sources = allSources(vectors);

  it('every case names the line it comes from', () => {
    expect(sources.length).toBeGreaterThan(validationCases.length + scheduleCases.length);
    for (const vector of [...validationCases, ...scheduleCases, ...vectors.pending]) expect(allSources(vector).length, vector.id).toBeGreaterThan(0);
  });

  it.each(sources.map((source) => [`${source.file}:${source.line}`, source] as const))('%s holds the quoted text', (_, source) => {
    const line = fileLines(source.file)[source.line - 1];
    expect(line, `${source.file} has no line ${source.line}`).toBeDefined();
    expect(line).toContain(source.quote);
  });

  it('every pending case says why it is left out', () => {
    for (const vector of vectors.pending) expect(vector.reason.length, vector.id).toBeGreaterThan(40);
  });
});

describe('spec-rule vectors: the field table in @paysign/spec', () => {
  it.each(vectors.fieldTable.rows.map((row) => [row.wire, row] as const))('%s: necessity and length as printed', (wire, row) => {
    const field = recurringPaymentFields.find((candidate) => candidate.wire === wire);
    expect(field, `${wire} is not a field`).toBeDefined();
    expect(field?.necessity).toBe(row.necessity);
    expect('maxLength' in (field ?? {}) ? (field as { maxLength?: number }).maxLength : undefined).toBe(row.maxLength ?? undefined);
    expect('minLength' in (field ?? {}) ? (field as { minLength?: number }).minLength : undefined).toBe('minLength' in row ? row.minLength : undefined);
  });
});

describe('spec-rule vectors: validation by @paysign/spec', () => {
  it.each(validationCases.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
    const issues = validateRecurringPaymentRow(rowOf(vector), { projectCurrency }).map(({ field, rule, specRule }) => ({
      field,
      rule,
      ...(specRule !== undefined && { specRule }),
    }));
    expect(issues.sort(byIssue)).toEqual([...vector.issues].sort(byIssue));
  });
});

describe('spec-rule vectors: schedules by @paysign/spec', () => {
  it.each(scheduleCases.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
    expect(previewSchedule(typedPayment(vector.payment), { count: vector.count, today: vector.today })).toEqual(vector.charges);
  });
});

describe('spec-rule vectors: paths, versions, CSV header, replies, callback checksums', () => {
  const { baseUrl, endpointId } = vectors.paths;

  it.each(vectors.paths.cases.map((vector) => [vector.id, vector] as const))('path of %s', (_, vector) => {
    const operation = vector.operation as GatewayOperation;
    expect(gatewayOperations[operation].version).toBe(vector.version);
    expect(operationPath(operation, endpointId)).toBe(vector.path);
    expect(operationUrl(baseUrl, operation, endpointId)).toBe(`${baseUrl}${vector.path}`);
    expect(matchOperationPath(vector.path)).toEqual({ operation, endpointId });
  });

  it.each(vectors.paths.wrongVersions.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
    expect(matchOperationPath(vector.path)).toBeUndefined();
  });

  it('the CSV header of the plain-text example, in its order, then the further columns', () => {
    expect([...recurringPaymentExampleColumns]).toEqual(vectors.csvHeader.columns);
    expect(recurringPaymentColumns.slice(0, vectors.csvHeader.columns.length)).toEqual(vectors.csvHeader.columns);
    for (const column of [...vectors.csvHeader.further.columns, ...vectors.fieldTable.rows.map((row) => row.wire)]) {
      expect(recurringPaymentColumns, column).toContain(column);
    }
  });

  it.each(vectors.replies.formEncoding.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
    const body = `${vector.lines.map((source) => (fileLines(source.file)[source.line - 1] as string).slice(source.skip ?? 0)).join('\n')}\n`;
    expect(readFormReply(body)).toEqual(vector.fields);
  });

  it.each(vectors.replies.written.map((vector) => [vector.id, vector] as const))('%s', (_, vector) => {
    const pairs = vector.pairs as [string, string][];
    expect(encodeGatewayReply(pairs)).toBe(vector.body);
    expect(readFormReply(vector.body)).toEqual(Object.fromEntries(pairs));
  });

  it.each(vectors.callbackChecksums.cases.map((vector) => [vector.id, vector] as const))('callback checksum: %s', async (_, vector) => {
    expect(await callbackControl({ status: vector.status, orderid: vector.orderid, merchantOrder: vector.merchantOrder }, vector.controlKey)).toBe(
      vector.control,
    );
  });
});

describe('spec-rule vectors: the emulator over HTTP', () => {
  const hmac = { method: 'HMAC-SHA1', controlKey: 'spec-rules control key' } as const;
  const login = 'merchant';
  const { endpointId } = vectors.paths;
  // One recurring payment per case, so that what one accepted update stores cannot reach another.
  const caseIds = validationCases.map((_, index) => `rp-case-${index + 1}`);
  const replyFields = (type: string) => vectors.replies.fields.find((entry) => entry.type === type)?.fields ?? [];
  let server: RunningEmulator;

  beforeAll(async () => {
    server = await serve({
      merchants: [{ login, controlKey: hmac.controlKey, endpointIds: [endpointId], currency: projectCurrency }],
      profiles: [...caseIds, 'rp-path'].map((id) => ({ ...vectors.baseRow.row, 'recurring-payment-id': id })),
      // Days pass only when told: no charge is made, no callback sent, while the cases run.
      clock: 'virtual',
      log: () => {},
    });
  });
  afterAll(() => server.close());

  async function signedPost(path: string, params: [string, string][]) {
    const target = `${server.url}${path}`;
    return post(target, handSign(target, login, hmac, params));
  }

  it.each(validationCases.map((vector, index) => [vector.id, vector, index] as const))('%s', async (_, vector, index) => {
    const row = rowOf(vector);
    if (row['recurring-payment-id'] === vectors.baseRow.row['recurring-payment-id']) row['recurring-payment-id'] = caseIds[index] as string;
    const response = await signedPost(operationPathOf('update-recurring-payments'), [['payload', handPayload([row])]]);
    expect(response.status).toBe(200);
    const reply = readReply(response.text);
    if (vector.issues.length === 0) {
      expect(reply.type, reply['error-message']).toBe('update-recurring-payment-response');
      for (const field of replyFields('update-recurring-payment-response')) expect(reply[field], field).toBeTruthy();
      return;
    }
    expect(reply.type).toBe('validation-error');
    for (const field of replyFields('validation-error')) expect(reply[field], field).toBeTruthy();
    const problems = (reply['error-message'] as string).split(/; (?=row \d+, )/);
    expect(problems, reply['error-message']).toHaveLength(vector.issues.length);
    for (const issue of vector.issues) {
      const problem = problems.find(
        (text) => text.startsWith(`row 1, ${issue.field}: `) && (issue.specRule === undefined || text.includes(`(rule ${issue.specRule})`)),
      );
      expect(problem, `${issue.field} ${issue.rule} in ${reply['error-message']}`).toBeDefined();
    }
  });

  function operationPathOf(operation: GatewayOperation): string {
    const vector = vectors.paths.cases.find((candidate) => candidate.operation === operation);
    if (vector === undefined) throw new Error(`no path vector for ${operation}`);
    return vector.path;
  }

  const requestOf: Record<GatewayOperation, [string, string][]> = {
    'update-recurring-payments': [['payload', handPayload([{ ...vectors.baseRow.row, 'recurring-payment-id': 'rp-path' }])]],
    'pan-eligibility/send': [
      ['client-order-id', 'order-1'],
      ['sending-card-ref-id', 'ref-1'],
    ],
    transfer: [
      ['client_orderid', 'order-1'],
      ['amount', '10.00'],
      ['currency', projectCurrency],
    ],
  };

  it.each(vectors.paths.cases.map((vector) => [vector.id, vector] as const))('serves %s at its path', async (_, vector) => {
    const response = await signedPost(vector.path, requestOf[vector.operation as GatewayOperation]);
    expect(response.status).toBe(200);
    expect(readReply(response.text).type).toBeTruthy();
  });

  it.each(vectors.paths.wrongVersions.map((vector) => [vector.id, vector] as const))('%s: 404', async (_, vector) => {
    const response = await signedPost(vector.path, requestOf['pan-eligibility/send']);
    expect(response.status).toBe(404);
  });
});
