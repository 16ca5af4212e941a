// Imports every subpath of every installed tarball in Node ESM, Node CJS, Deno and Bun, and
// checks each gives the same named exports: a file missing from `files`, a wrong path in the
// export map, or a CJS build that lost an export fails here.
import { writeFile } from 'node:fs/promises';
import { exec, importableSubpaths, runtimeBin, specifier } from './workspace.mjs';

// Each probe prints { specifier: sorted export names | { error } } as JSON on its last line.
const esmProbe = (specs) => `
const specs = ${JSON.stringify(specs)};
const out = {};
for (const spec of specs) {
  try { out[spec] = Object.keys(await import(spec)).filter((k) => k !== 'default' && k !== 'module.exports').sort(); }
  catch (error) { out[spec] = { error: String(error && error.message || error).split('\\n')[0] }; }
}
console.log(JSON.stringify(out));
`;
const cjsProbe = (specs) => `
const specs = ${JSON.stringify(specs)};
const out = {};
for (const spec of specs) {
  try { out[spec] = Object.keys(require(spec)).filter((k) => k !== 'default' && k !== '__esModule').sort(); }
  catch (error) { out[spec] = { error: String(error && error.message || error).split('\\n')[0] }; }
}
console.log(JSON.stringify(out));
`;

/** The runtimes and module systems probed, as [name, command, args]. */
const probes = [
  ['Node ESM', process.execPath, ['probe.mjs']],
  ['Node CJS', process.execPath, ['probe.cjs']],
  // No permissions: importing a package must not read files, the environment or the network.
  ['Deno', runtimeBin('deno'), ['run', '--no-lock', '--no-prompt', 'probe.mjs']],
  ['Bun', runtimeBin('bun'), ['run', '--no-install', 'probe.mjs']],
];

/** One result per runtime: every specifier loads, with the same export names as Node ESM. */
export async function checkImports(consumer, packages) {
  const specs = packages.flatMap((pkg) => importableSubpaths(pkg.manifest).map((subpath) => specifier(pkg.name, subpath)));
  await writeFile(`${consumer}/probe.mjs`, esmProbe(specs));
  await writeFile(`${consumer}/probe.cjs`, cjsProbe(specs));
  const outputs = [];
  for (const [name, command, args] of probes) {
    const run = await exec(command, args, { cwd: consumer });
    let loaded;
    try {
      loaded = JSON.parse(run.stdout.trim().split('\n').at(-1));
    } catch {
      loaded = undefined;
    }
    outputs.push({ name, run, loaded });
  }
  const reference = outputs[0].loaded;
  return outputs.map(({ name, run, loaded }) => {
    if (!loaded) return { name: `imports in ${name}`, ok: false, detail: `no result (exit ${run.code}): ${run.stderr.trim().slice(-2000)}` };
    const problems = [];
    for (const spec of specs) {
      const got = loaded[spec];
      if (!Array.isArray(got)) problems.push(`${spec}: ${got?.error ?? 'not loaded'}`);
      else if (got.length === 0) problems.push(`${spec}: no exports`);
      else if (Array.isArray(reference?.[spec]) && got.join() !== reference[spec].join()) {
        const missing = reference[spec].filter((k) => !got.includes(k));
        const extra = got.filter((k) => !reference[spec].includes(k));
        problems.push(`${spec}: exports differ from Node ESM (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'})`);
      }
    }
    if (run.code !== 0) problems.push(`exit code ${run.code}: ${run.stderr.trim().slice(-500)}`);
    return { name: `imports in ${name} (${specs.length} entry points)`, ok: problems.length === 0, detail: problems.join('\n') };
  });
}
