// Type-checks the @example blocks of every package's exported symbols and of their members (`node
// scripts/docs/api.mjs --check`), so that an example that imports a name its module does not
// export, calls a function with the wrong arguments or reads a member that does not exist fails.
//
// Each example is a module of its own, compiled with the workspace's strict settings against the
// package's sources (`@paysign/<pkg>` and its subpaths resolve to the TypeScript entry points, and
// so do Deno's `npm:@paysign/<pkg>` specifiers, for the examples written for Deno). Names an
// example uses without declaring them are the reader's own values (`controlKey`, `url`,
// `request`...): a name one of the package's entry points exports (the root first) is imported from
// there, any other is declared `any`. So an example is checked for what it says about the package,
// not for the context it leaves out.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const CANNOT_FIND_NAME = new Set([2304, 2552, 2582, 2580, 18004]);

/** The code of the fenced blocks of an @example tag (its whole text when it has none). */
export function exampleCode(text) {
  const blocks = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((match) => match[1]);
  return blocks.length > 0 ? blocks.join('\n') : text;
}

/**
 * Type-checks `examples` ({ key, where, code, pkg }, pkg from packagesWithSources()); returns one
 * `{ example, errors }` per example that does not compile, `errors` its diagnostics (`line N: ...`).
 */
export function checkExamples(examples, root) {
  if (examples.length === 0) return [];
  const dir = join(root, '.examples-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const paths = {};
    for (const pkg of new Set(examples.map((example) => example.pkg))) {
      for (const [subpath, source] of Object.entries(pkg.sources)) {
        const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
        paths[specifier] = [join(pkg.dir, source)];
        paths[`npm:${specifier}`] = [join(pkg.dir, source)];
      }
    }
    const options = {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      baseUrl: root,
      paths,
    };
    const files = examples.map((example, i) => ({ example, file: join(dir, `example-${i}.ts`) }));
    const write = (preludes) => {
      for (const { example, file } of files) writeFileSync(file, `${preludes.get(file) ?? ''}${example.code}\nexport {};\n`);
    };
    const compile = () => {
      const program = ts.createProgram(
        files.map(({ file }) => file),
        options,
      );
      return { program, diagnostics: ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName.startsWith(dir)) };
    };

    // First pass: which names does each example leave to its reader?
    write(new Map(files.map(({ file }) => [file, '\n'])));
    const first = compile();
    // Each entry point's exports, the root first: a name is imported from the first that has it.
    const checker = first.program.getTypeChecker();
    const exportsOf = new Map();
    const entryExporting = (pkgName, name) => {
      for (const [specifier, [source]] of Object.entries(paths)) {
        if (specifier !== pkgName && !specifier.startsWith(`${pkgName}/`)) continue;
        if (!exportsOf.has(specifier)) {
          const symbol = checker.getSymbolAtLocation(first.program.getSourceFile(source) ?? ts.createSourceFile(source, '', ts.ScriptTarget.ES2022));
          exportsOf.set(specifier, new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []));
        }
        if (exportsOf.get(specifier).has(name)) return specifier;
      }
      return undefined;
    };
    const preludes = new Map();
    const free = new Map();
    for (const diagnostic of first.diagnostics) {
      if (!CANNOT_FIND_NAME.has(diagnostic.code)) continue;
      const name = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').match(/'([^']+)'/)?.[1];
      if (name === undefined) continue;
      const names = free.get(diagnostic.file.fileName) ?? new Set();
      names.add(name);
      free.set(diagnostic.file.fileName, names);
    }
    for (const { example, file } of files) {
      const lines = [];
      for (const name of free.get(file) ?? []) {
        const specifier = entryExporting(example.pkg.name, name);
        lines.push(specifier === undefined ? `declare const ${name}: any;` : `import { ${name} } from '${specifier}';`);
      }
      preludes.set(file, `${lines.join(' ')}\n`);
    }

    // Second pass: what remains is wrong in the example itself.
    write(preludes);
    const byFile = new Map();
    for (const diagnostic of compile().diagnostics) {
      const list = byFile.get(diagnostic.file.fileName) ?? [];
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      // Line 1 is the prelude: the example's own lines start at 2.
      list.push(`line ${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
      byFile.set(diagnostic.file.fileName, list);
    }
    return files.filter(({ file }) => byFile.has(file)).map(({ example, file }) => ({ example, errors: byFile.get(file) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
