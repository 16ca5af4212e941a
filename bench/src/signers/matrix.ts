// The signing matrix of one runtime: for each algorithm and request, the floors, every oauth-core
// entry point and (on the host) the peers, measured together in interleaved rounds.
import { figures, measureInterleaved, type MeasureOptions } from '../harness/measure.js';
import type { Summary } from '../harness/stats.js';
import type { BenchRequest } from '../fixtures/requests.js';
import { floorCase, referenceSigner } from './floors.js';
import { paysignCase } from './paysign.js';
import type { AdapterEntry, Algorithm, CaseKind, GroupSpec, Primitives, SigningCase } from './types.js';

export interface MatrixOptions {
  adapters: readonly AdapterEntry[];
  /** The runtime's primitives; the first is the reference that signatures are checked against. */
  primitives: readonly Primitives[];
  pkcs1Pem: string;
  requests: readonly BenchRequest[];
  algorithms: readonly Algorithm[];
  /** Whether to include an adapter for a group (the pure-JS RSA is too slow to run for every request). */
  include?: (adapter: AdapterEntry, spec: GroupSpec) => boolean;
  /** More cases for a group, such as the peers on Node. */
  extraCases?: (spec: GroupSpec, expected: (baseString: string) => Promise<string>) => Promise<SigningCase[]>;
}

export interface CaseResult {
  id: string;
  kind: CaseKind;
  label: string;
  opsPerSecond: Summary;
  /** Paired ratio to the group's floor. */
  vsFloor: Summary;
  samples: number[];
}

export interface GroupResult {
  runtime: string;
  algorithm: Algorithm;
  requestId: string;
  requestTitle: string;
  /** The fastest floor of the group, which the ratios refer to. */
  floorId: string;
  /** The adapter the automatic entry point picked on this runtime. */
  auto: string;
  cases: CaseResult[];
}

export interface Group {
  spec: GroupSpec;
  cases: SigningCase[];
}

/** Prepares and checks every case of the matrix; a case whose signature does not verify stops the run. */
export async function buildMatrix(options: MatrixOptions): Promise<Group[]> {
  const groups: Group[] = [];
  for (const algorithm of options.algorithms) {
    for (const request of options.requests) {
      const spec: GroupSpec = { algorithm, request };
      const expected = await referenceSigner(options.primitives[0]!, spec, options.pkcs1Pem);
      const cases: SigningCase[] = [];
      for (const primitives of options.primitives) cases.push(await floorCase(primitives, spec, options.pkcs1Pem));
      for (const adapter of options.adapters) {
        if (options.include?.(adapter, spec) === false) continue;
        cases.push(await paysignCase(adapter, spec, options.pkcs1Pem, expected));
      }
      if (options.extraCases) cases.push(...(await options.extraCases(spec, expected)));
      for (const benchCase of cases) await benchCase.check();
      groups.push({ spec, cases });
    }
  }
  return groups;
}

/** Measures one group and names its fastest floor. */
export async function measureGroup(group: Group, runtime: string, auto: string, measure: MeasureOptions): Promise<GroupResult> {
  const samples = await measureInterleaved(group.cases, measure);
  const floors = group.cases.filter((c) => c.kind === 'floor');
  const byFloor = floors.map((floor) => ({ floor, figures: figures(samples, floor.id) }));
  byFloor.sort((a, b) => b.figures[b.floor.id]!.opsPerSecond.median - a.figures[a.floor.id]!.opsPerSecond.median);
  const best = byFloor[0]!;
  return {
    runtime,
    algorithm: group.spec.algorithm,
    requestId: group.spec.request.id,
    requestTitle: group.spec.request.title,
    floorId: best.floor.id,
    auto,
    cases: group.cases.map((c) => ({
      id: c.id,
      kind: c.kind,
      label: c.label,
      opsPerSecond: best.figures[c.id]!.opsPerSecond,
      vsFloor: best.figures[c.id]!.vsFloor!,
      samples: samples[c.id]!,
    })),
  };
}
