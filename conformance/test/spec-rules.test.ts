// The gateway's rules checked by something that is not the rule itself (issue #20 item 1): the
// hand-derived cases of vectors/spec-rules.json. Here, on Node: (a) every case's quote is really on
// the line it names, so the references cannot rot; (c) the validation, path and reply cases end to
// end against the emulator over real HTTP, signed by the emulator tests' independent signer
// (node:crypto only), and each schedule case as the charges the emulator makes on its virtual
// clock (its engine is the spec's, but its rescheduling, counter and clock are its own). (b), the cases against @paysign/protocol's public API, is suites/spec-rules.ts, registered
// below and run in every runtime of the matrix too (node conformance/runtimes/run-all.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import type { GatewayOperation } from '@paysign/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handPayload, handSign, post, readReply } from '../../packages/emulator/test/independent-signer.js';
import {
  pendingVectors,
  projectCurrency,
  scheduleVectors,
  specRuleSuites,
  specRuleVectors as vectors,
  specSources,
  transferParams,
  transferVectors,
  validationVectors as validationCases,
  vectorRow as rowOf,
} from '../suites/spec-rules.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function fileLines(file: string): string[] {
  return readFileSync(`${repoRoot}${file}`, 'utf8').split('\n');
}

for (const s of specRuleSuites()) {
  describe(s.name, () => {
    for (const t of s.tests) it(t.name, t.fn);
  });
}

describe('spec-rule vectors: references', () => {
  const sources = specSources(vectors);

  it('every case names the line it comes from', () => {
    expect(sources.length).toBeGreaterThan(validationCases.length + scheduleVectors.length);
    for (const vector of [...validationCases, ...scheduleVectors, ...pendingVectors]) expect(specSources(vector).length, vector.id).toBeGreaterThan(0);
    // A pending case (none at the moment) says why it is left out.
    for (const vector of pendingVectors) expect(vector.reason.length, vector.id).toBeGreaterThan(40);
  });

  it.each(sources.map((source) => [`${source.file}:${source.line}`, source] as const))('%s holds the quoted text', (_, source) => {
    const line = fileLines(source.file)[source.line - 1];
    expect(line, `${source.file} has no line ${source.line}`).toBeDefined();
    expect(line).toContain(source.quote);
  });

  it.each(vectors.replies.formEncoding.map((vector) => [vector.id, vector] as const))('%s: the body is the captured lines', (_, vector) => {
    const lines = vector.lines.map((source) => (fileLines(source.file)[source.line - 1] as string).slice(source.skip ?? 0));
    expect(vector.body).toBe(`${lines.join('\n')}\n`);
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

  it('a payload with the example header, every column in its order, is accepted', async () => {
    const row = Object.fromEntries(vectors.csvHeader.columns.map((column) => [column, (vectors.baseRow.row as Record<string, string>)[column] ?? '']));
    row['recurring-payment-id'] = 'rp-path';
    expect(Object.keys(row)).toEqual(vectors.csvHeader.columns);
    const response = await signedPost(operationPathOf('update-recurring-payments'), [['payload', handPayload([row])]]);
    const reply = readReply(response.text);
    expect(reply.type, reply['error-message']).toBe('update-recurring-payment-response');
  });

  it.each(transferVectors.map((vector) => [vector.id, vector] as const))('%s', async (_, vector) => {
    const response = await signedPost(operationPathOf('transfer'), Object.entries(transferParams(vector)));
    expect(response.status).toBe(200);
    const reply = readReply(response.text);
    const problems = reply.type === 'validation-error' ? (reply['error-message'] as string).split('; ') : [];
    const checked = problems.filter((text) => vectors.transfer.checkedFields.some((field) => text.startsWith(`${field}: `)));
    expect(checked, reply['error-message']).toHaveLength(vector.issues.length);
    for (const issue of vector.issues)
      expect(
        checked.some((text) => text.startsWith(`${issue.field}: `)),
        issue.field,
      ).toBe(true);
  });

  const http = vectors.http;

  function expectReplyHeaders(headers: Headers): void {
    for (const name of http.replyHeaders.present) expect(headers.get(name), name).not.toBeNull();
    for (const [name, value] of Object.entries(http.replyHeaders.values)) expect(headers.get(name), name).toBe(value);
  }

  it("a reply carries the headers of the spec's example responses", async () => {
    const response = await signedPost(operationPathOf('pan-eligibility/send'), requestOf['pan-eligibility/send']);
    expect(response.status).toBe(200);
    expectReplyHeaders(response.headers);
  });

  it('a request signed with another key: 403 with an empty body, and the same headers', async () => {
    const target = `${server.url}${operationPathOf('pan-eligibility/send')}`;
    const response = await post(target, handSign(target, login, { ...hmac, controlKey: 'another key' }, requestOf['pan-eligibility/send']));
    expect(response.status).toBe(http.badSignature.status);
    expect(response.text).toBe(http.badSignature.body);
    expectReplyHeaders(response.headers);
  });

  it('an operation path is POST only', async () => {
    const response = await fetch(`${server.url}${operationPathOf('update-recurring-payments')}`, { method: http.method.method });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('spec-rule vectors: the emulator charges each schedule as the vector says', () => {
  const hmac = { method: 'HMAC-SHA1', controlKey: 'spec-rules schedule key' } as const;
  const login = 'merchant';
  const { endpointId } = vectors.paths;
  const updatePath = vectors.paths.cases.find((candidate) => candidate.operation === 'update-recurring-payments')?.path as string;
  const amountModes = ['amount', 'amount-from', 'amount-to', 'amount-sequence'];
  const dayNumber = (date: string) => {
    const [day, month, year] = date.split('.').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day) / 86_400_000;
  };
  const dateOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');

  it.each(scheduleVectors.map((vector) => [vector.id, vector] as const))('%s', async (_, vector) => {
    const id = 'rp-schedule';
    // The payment exists before today; today it is updated (over HTTP) to the vector's schedule.
    const server = await serve({
      merchants: [{ login, controlKey: hmac.controlKey, endpointIds: [endpointId], currency: projectCurrency }],
      profiles: [{ ...vectors.baseRow.row, 'recurring-payment-id': id }],
      clock: 'virtual',
      today: vector.today,
      log: () => {},
    });
    try {
      const base = Object.fromEntries(Object.entries(vectors.baseRow.row).filter(([name]) => !amountModes.includes(name)));
      const target = `${server.url}${updatePath}`;
      const row = { ...base, 'recurring-payment-id': id, ...vector.payment };
      const reply = readReply((await post(target, handSign(target, login, hmac, [['payload', handPayload([row])]]))).text);
      expect(reply.type, reply['error-message']).toBe('update-recurring-payment-response');

      // Through the last expected charge; when the schedule stops before `count`, well past it.
      const charges = vector.charges as { index: number; date: string; amount: string | { from: string; to: string } }[];
      const last = dayNumber((charges.at(-1) as { date: string }).date);
      const through = charges.length < vector.count ? last + 60 : last;
      const moved = await fetch(`${server.url}/emulator/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ today: dateOfDay(through) }),
      });
      expect(moved.status).toBe(200);
      const life = (await (await fetch(`${server.url}/emulator/recurring-payments/${id}`)).json()) as {
        charges: { index: number; date: string; amount: string }[];
      };
      expect(life.charges.map(({ index, date }) => ({ index, date }))).toEqual(charges.map(({ index, date }) => ({ index, date })));
      life.charges.forEach((made, position) => {
        const expected = (charges[position] as (typeof charges)[number]).amount;
        if (typeof expected === 'string') expect(made.amount).toBe(expected);
        else {
          // Rule 2: a random amount between the two numbers.
          expect(Number(made.amount)).toBeGreaterThanOrEqual(Number(expected.from));
          expect(Number(made.amount)).toBeLessThanOrEqual(Number(expected.to));
        }
      });
    } finally {
      await server.close();
    }
  });
});
