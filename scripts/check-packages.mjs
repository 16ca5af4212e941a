// Packaging checks for every publishable package under packages/ (run after `pnpm build`):
//
//   node scripts/check-packages.mjs
//
// 1. pack every package as `pnpm pack:tarballs` does (scripts/pack-tarballs.mjs: workspace:*
//    becomes real versions, `files` decides the contents), into a scratch app's ./paysign-tarballs;
// 2. publint --strict and @arethetypeswrong/cli on each tarball (accepted findings carry a reason,
//    see packaging/attw.mjs);
// 3. install them with the README's own commands (an app's, the libraries used when needed, the
//    developer's tools) into that empty app outside the workspace; the gateway and oauth-core then
//    import without their optional peers (@opentelemetry/api; @noble/hashes and micro-rsa-dsa-dh
//    for oauth-core/js), which are installed next, as an app that wants them does;
// 4. the README tells that path, and its list of what the typed client pulls in is the packed
//    manifests' (packaging/readme.mjs);
// 5. type-check the installed .d.ts from consumer fixtures under node16, nodenext and bundler;
// 6. import every entry point in Node ESM, Node CJS, Deno and Bun;
// 7. the weight of @paysign/gateway in an app of its own against oauth-1.0a's from the npm registry,
//    in the same scratch directory: installed bytes at most 10x and no install script (gated),
//    import and create against its goal of at most 2.5x the CPU time (printed) (packaging/weight.mjs, packaging/import-time.mjs; alone:
//    `node scripts/packaging/weight.mjs`).
// Prints one line per check and `packaging: N passed, N failed`; exits non-zero on any failure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { checkTypesResolution } from './packaging/attw.mjs';
import { installConsumer, installOptionalPeers } from './packaging/consumer.mjs';
import { checkImports } from './packaging/imports.mjs';
import { checkPublint } from './packaging/publint.mjs';
import { checkReadmeDependencies, checkReadmeInstall } from './packaging/readme.mjs';
import { checkDeclarations } from './packaging/types.mjs';
import { packTarballs, TARBALL_DIR } from './pack-tarballs.mjs';
import { publishablePackages } from './packaging/workspace.mjs';
import { createCheckReport } from './lib/check-report.mjs';
import { MAX_BYTES_RATIO, MAX_TIME_RATIO, measureWeight, PEER } from './packaging/weight.mjs';

const checks = createCheckReport('packaging');
const report = (name, { ok, detail }) => checks.report(name, ok, detail);

/** Runs `task` over `items` with at most `limit` at a time, keeping their order. */
async function mapLimited(items, limit, task) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]);
      }
    }),
  );
  return out;
}

const tarballName = (pkg) => `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.manifest.version}.tgz`;

const dir = await mkdtemp(`${tmpdir()}/paysign-packages-`);
try {
  const all = publishablePackages();
  for (const pkg of all.filter((p) => !p.built)) report(`${pkg.name} is built`, { ok: false, detail: 'no dist/: run `pnpm build` first' });
  const tarballs = `${dir}/consumer/${TARBALL_DIR}`;
  const packages = all.filter((p) => p.built).map((p) => ({ ...p, tarball: `${tarballs}/${tarballName(p)}` }));
  if (packages.length === 0) report('packages to check', { ok: false, detail: 'no built package under packages/' });

  report('the README says how to install from a checkout (pnpm pack:tarballs, then its npm install commands)', await checkReadmeInstall());
  const pack = await packTarballs(tarballs, packages);
  report(`pnpm pack:tarballs (${packages.length} packages into ./${TARBALL_DIR})`, pack);

  if (pack.ok) {
    // publint is in-process and quick; attw runs TypeScript, so two at a time (CI has 2 cores).
    const linted = await Promise.all(packages.map(checkPublint));
    for (const [i, pkg] of packages.entries()) report(`publint --strict ${pkg.name}`, linted[i]);
    // attw (CPU) runs beside the install (network, disk), then the consumer checks.
    const [typed, install] = await Promise.all([mapLimited(packages, 2, checkTypesResolution), installConsumer(dir, packages)]);
    for (const [i, pkg] of packages.entries()) report(`attw ${pkg.name}`, typed[i]);
    report(`${install.command} in an empty app`, install);
    if (install.ok) {
      report("the README's list of what @paysign/gateway pulls in is the packed manifests'", await checkReadmeDependencies(install.consumer));
      report(
        'optional peers: the gateway and oauth-core import without them (@opentelemetry/api, @noble/hashes, micro-rsa-dsa-dh), which install beside them',
        await installOptionalPeers(install.consumer),
      );
      for (const result of await checkDeclarations(install.consumer, packages)) report(result.name, result);
      for (const result of await checkImports(install.consumer, packages)) report(result.name, result);
    }
    // Last, on a machine the other checks no longer load: the import timing runs processes one at a time.
    const weight = await measureWeight(`${dir}/weight`, tarballs);
    report('an app installing @paysign/gateway gets no package with an install script', weight.scripts);
    report(`an app installing @paysign/gateway: at most ${MAX_BYTES_RATIO}x the bytes of ${PEER}`, weight.bytes);
    // The CPU-time ratio against its goal: each process times its own CPU (waiting for a core on a
    // loaded machine is not counted), in alternating pairs, the median of the pairs' ratios; the
    // wall-time ratio beside it (packaging/import-time.mjs). Printed, not gated: on 2 shared cores
    // one build measures 2.40x-2.64x from run to run (its rounds 2.30x-2.74x; bench/results/import-time.md),
    // too close to the goal for a gate that must not flip with the load. The check fails only when
    // the measurement cannot run.
    const time = weight.time;
    const timeVerdict = time.ratio === undefined ? time.detail : `goal ${time.ok ? 'met' : 'NOT met'}\n${time.detail}`;
    report(`importing @paysign/gateway and creating a client, measured (goal: at most ${MAX_TIME_RATIO}x the CPU time of ${PEER}'s)`, {
      ok: time.ratio !== undefined,
      detail: timeVerdict,
    });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

console.log(`(${checks.elapsed().toFixed(1)} s)`);
process.exitCode = checks.finish() > 0 ? 1 : 0;
