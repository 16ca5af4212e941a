// @arethetypeswrong/cli on the packed tarball: do TypeScript's resolvers find the right types
// for every entry point, from ESM and from CJS?
import { bin, exec } from './workspace.mjs';

/**
 * Findings accepted on purpose, each with its reason. Anything else fails the check.
 * Keyed by `kind@resolutionKind`; `entrypoints` limits it (absent: every entry point).
 */
export const acceptedFindings = [
  {
    kind: 'NoResolution',
    resolutionKind: 'node10',
    reason:
      "TypeScript's node10 resolution (`moduleResolution: node`) predates package `exports` and cannot see subpaths; " +
      'TypeScript 6 refuses it without `ignoreDeprecations` (TS5107) and TypeScript 7 removes it. The packages need ' +
      'Node >= 20.19, whose resolver and every current TypeScript mode (node16, nodenext, bundler) read `exports`.',
  },
  {
    kind: 'CJSResolvesToESM',
    resolutionKind: 'node16-cjs',
    reason:
      'The packages are ESM only: Node >= 20.19 (their `engines`) loads them with `require()`, and TypeScript types that ' +
      'as `module: node20` or `nodenext`; `node16` models Node 16, which could not. One build means one copy of each ' +
      'class (OAuthError, GatewayError...) in a process, so `instanceof` holds (see packages/oauth-core/README.md).',
  },
];

const accepted = (problem) =>
  acceptedFindings.find(
    (a) => a.kind === problem.kind && a.resolutionKind === problem.resolutionKind && (!a.entrypoints || a.entrypoints.includes(problem.entrypoint)),
  );

/** attw findings for one tarball, split into failing and accepted. */
export async function checkTypesResolution(pkg) {
  const run = await exec(bin('attw'), [pkg.tarball, '--format', 'json']);
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { ok: false, detail: `attw did not report (exit ${run.code}): ${run.stderr.trim() || run.stdout.trim()}` };
  }
  const problems = Object.values(report.problems ?? {}).flat();
  const describe = (p) => `${p.kind} at ${p.entrypoint ?? '(package)'} under ${p.resolutionKind ?? 'all resolutions'}`;
  const failing = problems.filter((p) => !accepted(p));
  const lines = [...failing.map((p) => `error: ${describe(p)}`), ...problems.filter(accepted).map((p) => `accepted: ${describe(p)}`)];
  return { ok: failing.length === 0 && Object.keys(report.analysis?.entrypoints ?? {}).length > 0, detail: lines.join('\n') };
}
