// The API reference, generated from the JSDoc of every package's public entry points by Deno's
// documentation generator (offline, the deno binary the project installs):
//
//   node scripts/docs/api.mjs           # HTML into docs/api/ (`pnpm docs:api`; not committed)
//   node scripts/docs/api.mjs --check   # every exported symbol has a description and an @example (`pnpm test:docs`)
//
// The entry points are the TypeScript sources of the npm exports (jsr.json's, plus `notOnJsr` in
// scripts/jsr/stage.mjs), read from a staging copy of the workspace (see stage.mjs: Deno never
// runs in the repository). A symbol re-exported by several entry points is checked once, where
// it is declared. A constant declared without JSDoc as a member of a documented interface
// (`export const createSigner: BoundApi<SyncSigner>['createSigner'] = ...`, as oauth-core's entry
// points bind their adapter) has that member's docs, as an editor shows them at every call: they are
// written once, on the interface, and its examples are checked once.
//
// Every @example, of a symbol or of a member of one (an interface's method, a class's property),
// must also type-check against its package's sources (check-examples.mjs).
//
// scripts/docs/pending.json lists, each with its reason, the symbols allowed to lack a description
// or an example for now (`symbols`) and the examples allowed not to compile for now (`examples`);
// the check fails on any other, and on a listed one that no longer fails.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deno, exec, npmDependencies, offlineEnv, packagesWithSources, root, stage } from '../jsr/stage.mjs';
import { checkExamples, exampleCode } from './check-examples.mjs';

const check = process.argv.includes('--check');
const started = Date.now();

const packages = packagesWithSources();
const staged = stage(packages, {
  configName: 'deno.json',
  config: (pkg) => ({
    name: pkg.name,
    version: pkg.manifest.version,
    exports: pkg.sources,
    // npm dependencies by name and by subpath, at package.json's ranges
    imports: Object.fromEntries(
      Object.entries(npmDependencies(pkg.manifest)).flatMap(([name, range]) => [
        [name, `npm:${name}@${range}`],
        [`${name}/`, `npm:/${name}@${range}/`],
      ]),
    ),
  }),
});

let failed = false;
try {
  const entries = packages.flatMap((pkg) => Object.values(pkg.sources).map((source) => join(pkg.folder, source)));
  const env = offlineEnv(staged.dir);
  if (check) {
    const result = await exec(deno, ['doc', '--json', '--sloppy-imports', ...entries], { cwd: staged.dir, env });
    if (result.code !== 0) {
      console.log(`FAIL deno doc --json\n${result.stderr}`);
      failed = true;
    } else {
      failed = !reportCoverage(JSON.parse(result.stdout), staged.dir, packages);
    }
  } else {
    const output = join(staged.dir, '.api');
    const result = await exec(deno, ['doc', '--html', '--name=paysign', `--output=${output}`, '--sloppy-imports', ...entries], { cwd: staged.dir, env });
    if (result.code !== 0) {
      console.log(`FAIL deno doc --html\n${result.stdout}${result.stderr}`);
      failed = true;
    } else {
      rmSync(join(root, 'docs/api'), { recursive: true, force: true });
      cpSync(output, join(root, 'docs/api'), { recursive: true });
      console.log(`docs/api: the reference of ${entries.length} entry points in ${packages.length} packages (open docs/api/index.html)`);
    }
  }
} finally {
  staged.remove();
}
process.exit(failed ? 1 : 0);

/**
 * Prints each symbol that lacks a description or an `@example` and is not pending, each pending
 * one that lacks nothing any more, and `docs: N symbols, N documented, N pending, N failed`.
 * Returns whether nothing failed.
 */
function reportCoverage(doc, dir, packages) {
  const pending = JSON.parse(readFileSync(join(root, 'scripts/docs/pending.json'), 'utf8'));
  const pendingKeys = new Set(pending.symbols);
  const prefix = `file://${dir}/`;
  const at = (location) => `${location.filename}:${location.line}:${location.col}`;
  // Every declaration by its place, so that a re-export (`reference`) finds the declaration's JSDoc.
  const declared = new Map();
  // Every interface by its file and name, for the constants that inherit a member's docs.
  const interfaces = new Map();
  for (const module of Object.values(doc.nodes)) {
    for (const symbol of module.symbols)
      for (const declaration of symbol.declarations) {
        if (declaration.kind === 'reference') continue;
        declared.set(at(declaration.location), declaration);
        if (declaration.kind === 'interface') interfaces.set(`${declaration.location.filename} ${symbol.name}`, declaration);
      }
  }
  const inherited = (declaration) => (declaration.jsDoc === undefined ? (memberDocs(declaration, interfaces) ?? declaration) : declaration);
  const symbols = new Map();
  const examples = [];
  for (const module of Object.values(doc.nodes)) {
    for (const symbol of module.symbols) {
      const declarations = symbol.declarations.map((declaration) =>
        inherited(declaration.kind === 'reference' ? declared.get(at(declaration.def.target)) : declaration),
      );
      if (declarations.some((declaration) => declaration === undefined)) {
        symbols.set(`unresolved ${symbol.name}`, { key: `unresolved re-export ${symbol.name}`, described: false, example: false });
        continue;
      }
      const location = declarations[0].location;
      const file = location.filename.startsWith(prefix) ? location.filename.slice(prefix.length) : location.filename;
      const key = `packages/${file} ${symbol.name}`;
      const folder = file.split('/')[0];
      const pkg = packages.find((candidate) => candidate.folder === folder);
      if (pkg !== undefined) {
        const place = (where) => `packages/${where.filename.startsWith(prefix) ? where.filename.slice(prefix.length) : where.filename}:${where.line}`;
        for (const declaration of declarations) {
          // Inherited docs are checked, and reported, where they are written.
          const docs = declaration.docsAt ?? declaration.location;
          for (const tag of declaration.jsDoc?.tags ?? [])
            if (tag.kind === 'example') examples.push({ key, where: place(docs), at: at(docs), code: exampleCode(tag.doc ?? ''), pkg });
          for (const member of documentedMembers(declaration.def))
            for (const tag of member.jsDoc.tags ?? [])
              if (tag.kind === 'example')
                examples.push({ key: `${key}.${member.name}`, where: place(member.location), at: at(member.location), code: exampleCode(tag.doc ?? ''), pkg });
        }
      }
      symbols.set(key, {
        key,
        where: `packages/${file}:${location.line}`,
        described: declarations.some((declaration) => declaration.jsDoc?.doc?.trim()),
        example: declarations.some((declaration) => declaration.jsDoc?.tags?.some((tag) => tag.kind === 'example')),
      });
    }
  }
  let failures = 0;
  let documented = 0;
  let waiting = 0;
  for (const symbol of [...symbols.values()].sort((a, b) => a.key.localeCompare(b.key))) {
    const lacks = [!symbol.described && 'a description', !symbol.example && 'an @example'].filter(Boolean);
    if (lacks.length === 0) {
      documented++;
      if (pendingKeys.has(symbol.key)) {
        failures++;
        console.log(`FAIL ${symbol.key}: documented now, take it out of scripts/docs/pending.json`);
      }
    } else if (pendingKeys.has(symbol.key)) {
      waiting++;
    } else {
      failures++;
      console.log(`FAIL ${symbol.where ?? symbol.key} ${symbol.key.split(' ').pop()}: lacks ${lacks.join(' and ')}`);
    }
  }
  for (const key of pendingKeys) {
    if (!symbols.has(key)) {
      failures++;
      console.log(`FAIL ${key}: pending, but no entry point exports it: take it out of scripts/docs/pending.json`);
    }
  }
  // A symbol re-exported by several entry points, or a member's docs inherited by several
  // constants, is documented in one place: its examples are checked once.
  const unique = [...new Map(examples.map((example) => [`${example.at}\n${example.code}`, example])).values()];
  const pendingExamples = new Map(Object.entries(pending.examples ?? {}));
  const broken = new Map(checkExamples(unique, root).map((failure) => [failure.example.key, failure]));
  let brokenPending = 0;
  for (const { example, errors } of broken.values()) {
    if (pendingExamples.has(example.key)) brokenPending++;
    else {
      failures++;
      console.log(`FAIL ${example.where} ${example.key.split(' ').pop()}: its @example does not compile (${errors.slice(0, 3).join('; ')})`);
    }
  }
  for (const key of pendingExamples.keys()) {
    if (!broken.has(key)) {
      failures++;
      console.log(`FAIL ${key}: its @example compiles now (or is gone): take it out of scripts/docs/pending.json`);
    }
  }
  const checkedPackages = [...new Set(unique.map((example) => example.pkg.folder))].sort();
  console.log(`docs: ${unique.length} examples type-checked (${checkedPackages.join(', ')}), ${broken.size - brokenPending} failed, ${brokenPending} pending`);
  console.log(
    `docs: ${symbols.size} symbols, ${documented} documented, ${waiting} pending, ${failures} failed (at ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return failures === 0;
}

/**
 * For a constant typed as a member of an interface (`BoundApi<SyncSigner>['createSigner']`), the
 * documented member of that interface, declared in the file the type is imported from (or the
 * constant's own file): the declaration with the member's `jsDoc`, and `docsAt`, the member's place.
 * `undefined` for any other declaration, or when the member has no JSDoc.
 */
function memberDocs(declaration, interfaces) {
  const type = declaration.kind === 'variable' ? declaration.def?.tsType : undefined;
  if (type?.kind !== 'indexedAccess') return undefined;
  const { objType, indexType } = type.value;
  if (objType.kind !== 'typeRef' || indexType.kind !== 'literal' || indexType.value.kind !== 'string') return undefined;
  const { typeName, resolution } = objType.value;
  const file =
    resolution?.kind === 'import' ? new URL(resolution.specifier.replace(/\.js$/, '.ts'), declaration.location.filename).href : declaration.location.filename;
  const owner = interfaces.get(`${file} ${resolution?.kind === 'import' ? resolution.name : typeName}`);
  const members = [...(owner?.def.methods ?? []), ...(owner?.def.properties ?? [])];
  const member = members.find((candidate) => candidate.name === indexType.value.string && candidate.jsDoc !== undefined);
  return member === undefined ? undefined : { ...declaration, jsDoc: member.jsDoc, docsAt: member.location };
}

/**
 * The members of a declaration (an interface's or a class's methods and properties, at any depth)
 * that have JSDoc of their own, each `{ name, location, jsDoc }`.
 */
function documentedMembers(def) {
  const found = [];
  const walk = (node, top) => {
    if (Array.isArray(node)) for (const item of node) walk(item, false);
    else if (node !== null && typeof node === 'object') {
      if (!top && node.jsDoc !== undefined && node.location !== undefined && typeof node.name === 'string') found.push(node);
      for (const [field, value] of Object.entries(node)) if (field !== 'jsDoc') walk(value, false);
    }
  };
  walk(def, true);
  return found;
}
