// The package's surface: the root holds what a user of the client, the emulator, the edge proxy or
// the CLI writes, at most 70 names (values and types together); each name has one entry point; one
// validation family (the check per operation). Counted by the TypeScript compiler on the sources.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_ROOT_NAMES = 70;
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
const entries = Object.keys(manifest.exports)
  .filter((subpath) => subpath !== './package.json')
  .map((subpath) => ({ subpath, file: fileURLToPath(new URL(`../src/${subpath === '.' ? 'index' : subpath.slice(2)}.ts`, import.meta.url)) }));

const program = ts.createProgram(
  entries.map((entry) => entry.file),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true },
);
const checker = program.getTypeChecker();

/** An entry point's exported names, each a value (a runtime binding) or a type only. */
function exportsOf(file: string): { values: string[]; types: string[] } {
  const source = program.getSourceFile(file);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${file} is not a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
  }
  return { values, types };
}

const surface = new Map(entries.map((entry) => [entry.subpath, exportsOf(entry.file)]));

describe("@paysign/protocol's entry points", () => {
  it(`export at most ${MAX_ROOT_NAMES} names from the root, values and types counted together`, () => {
    const root = surface.get('.');
    expect(root).toBeDefined();
    const count = (root?.values.length ?? 0) + (root?.types.length ?? 0);
    expect(count, `root: ${root?.values.length} values, ${root?.types.length} types`).toBeLessThanOrEqual(MAX_ROOT_NAMES);
    // The count is of real exports: the root's own known names are among them.
    expect(root?.values).toContain('checkOperation');
    expect(root?.types).toContain('RecurringPaymentUpdate');
  });

  it('give each name one entry point', () => {
    const seen = new Map<string, string>();
    for (const [subpath, { values, types }] of surface) {
      for (const name of [...values, ...types]) {
        expect(seen.get(name), `${name} is exported by ${seen.get(name)} and ${subpath}`).toBeUndefined();
        seen.set(name, subpath);
      }
    }
  });

  it('have one validation family: a check per operation, no validate* beside it', () => {
    const all = [...surface.values()].flatMap(({ values }) => values);
    expect(all.filter((name) => /^validate/i.test(name))).toEqual([]);
    expect(all.filter((name) => name.startsWith('check')).sort()).toEqual([
      'checkGatewayUrl',
      'checkMerchantCredentials',
      'checkOperation',
      'checkPanEligibilitySend',
      'checkRecurringPaymentColumns',
      'checkRecurringPaymentRows',
      'checkRecurringPayments',
      'checkTransfer',
    ]);
  });
});
