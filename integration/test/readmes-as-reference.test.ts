// The READMEs are reference (what a package does, how to use it, its guarantees and limits), and
// CONTRIBUTING.md has the map of the packages. Measured figures live in bench/results, written by
// the bench that measures them, and history in the changesets: a README that quotes a throughput,
// a ratio, a measured size, a run's date or time of day, the machine's load or how things were
// before is a diary again. A README must also not drift from the code: every name it quotes in
// code (an export, an option, a constant, a `paysign` flag) is one the sources define, every
// relative link reaches a file and a heading that exist, and a block shown as "runnable as
// examples/x" is that file's code. The map's "imports" column is each package's @paysign
// dependencies as its package.json declares them.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const packages = readdirSync(join(ROOT, 'packages')).filter((name) => existsSync(join(ROOT, 'packages', name, 'package.json')));
const readmes = ['README.md', ...packages.map((name) => `packages/${name}/README.md`)];
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The source files of a package's entry points: JSR's exports, and src/<subpath>.ts of its other package.json subpaths. */
function packageEntries(name: string): string[] {
  const files = new Set<string>();
  const manifest = JSON.parse(read(`packages/${name}/package.json`)) as { exports?: Record<string, unknown> };
  for (const subpath of Object.keys(manifest.exports ?? {})) {
    const file = join(ROOT, 'packages', name, 'src', `${subpath === '.' ? 'index' : subpath.slice(2)}.ts`);
    if (existsSync(file)) files.add(file);
  }
  const jsr = join(ROOT, 'packages', name, 'jsr.json');
  if (existsSync(jsr)) {
    const exports = (JSON.parse(readFileSync(jsr, 'utf8')) as { exports: string | Record<string, string> }).exports;
    for (const file of Object.values(typeof exports === 'string' ? { '.': exports } : exports)) files.add(join(ROOT, 'packages', name, file));
  }
  // An entry that re-exports a module whole (`export * from '../core.js'`) exports what that module names.
  for (const file of files) {
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/^export \* from '(\.[^']+)\.js';/gm)) {
      const source = join(dirname(file), `${target}.ts`);
      if (existsSync(source)) files.add(source);
    }
  }
  return [...files];
}

/** What a measured figure or a diary looks like, anywhere in a README (code included). */
const DIARY: readonly [string, RegExp][] = [
  ['a time of day', /\b\d{1,2}:\d{2} UTC\b/],
  ['a throughput', /\d[\d,.]*\s*(?:rows|requests|signatures|signs|ops|callbacks)\/s\b/],
  ["the machine's load", /\bload average\b|\bat load \d/],
  ['a figure of an earlier run', /\bBefore these\b|\bin an earlier run\b|\(one run\)/],
];

/**
 * What a measured figure or history looks like in prose (fenced code and `code` spans left out, so
 * example data such as `--today 2026-01-01` or a bench's output layout is not taken for one).
 * Limits are written in binary units (KiB, MiB) or in bytes; KB and MB are what measurements print.
 */
const PROSE_DIARY: readonly [string, RegExp][] = [
  ['a date', /\b(?:19|20)\d\d-\d\d-\d\d\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December) (?:\d{1,2}, )?\d{4}\b/],
  ['a ratio', /\b\d+(?:\.\d+)?x\b/],
  ['a percentage', /\b\d+(?:\.\d+)?\s?%(?![0-9A-Fa-f]{2})/],
  ['a measured size', /\b\d[\d,.]*\s?(?:[kKMG]B|B)\b|\bmin\+gz\b.*\d|\d.*\bmin\+gz\b/],
  ['a measured duration', /~\s?\d[\d,.]*(?:-\d[\d,.]*)?\s?(?:s|ms|µs)\b|\b\d[\d,.]*\s?(?:µs|ns)\b/],
  [
    'history',
    /\bbefore\/after\b|\bused to\b|\bpreviously\b|\bwas (?:about )?(?:twice|\d[\d.]*x?) (?:as )?(?:fast|slow)|\bmoved (?:here )?from\b|\bthis session\b|\b(?:issue|round) #?\d+\b|\(#\d+/i,
  ],
];

/** The README's prose: fenced blocks blanked line for line (line numbers kept), code spans removed. */
function prose(text: string): string[] {
  return text
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ''))
    .split('\n')
    .map((line) => line.replace(/`[^`]*`/g, ''));
}

describe('READMEs as reference', () => {
  it.each(readmes)('%s quotes no measured figure and keeps no diary', (readme) => {
    const text = read(readme);
    const found = [
      ...text
        .split('\n')
        .flatMap((line, i) => DIARY.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${readme}:${i + 1}: ${what}: ${line.trim()}`)),
      ...prose(text).flatMap((line, i) =>
        PROSE_DIARY.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${readme}:${i + 1}: ${what}: ${line.trim()}`),
      ),
    ];
    expect(found).toEqual([]);
  });

  it('the diary patterns catch what they are for', () => {
    const caught = (line: string) => PROSE_DIARY.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);
    expect(caught('4,497 B min+gz measured')).toContain('a measured size');
    expect(caught('2.89 MB against 88.6 KB')).toContain('a measured size');
    expect(caught('36 ms against 8.5 ms (4.2x)')).toContain('a ratio');
    expect(caught('worth 10% or more end to end')).toContain('a percentage');
    expect(caught('generates a key pair (~1-4 s)')).toContain('a measured duration');
    expect(caught('This was about twice as fast as the strings')).toContain('history');
    expect(caught('the figures moved from the README, 2026-12-01')).toEqual(expect.arrayContaining(['a date', 'history']));
    expect(caught('a body cut to 2,048 characters, 64 MiB in all, `%20` and %0A kept')).toEqual([]);
  });
});

/** The identifiers and text literals of the packages' sources (comments left out): the names a README may quote. */
function sourceNames(dirs: readonly string[]): Set<string> {
  const names = new Set<string>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:ts|mjs|js)$/.test(entry)) {
        scanner.setText(readFileSync(path, 'utf8'));
        for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
          if (token === ts.SyntaxKind.Identifier) names.add(scanner.getTokenValue());
          if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral || token === ts.SyntaxKind.TemplateHead) {
            for (const word of scanner.getTokenValue().match(/[\w$-]+/g) ?? []) names.add(word);
          }
        }
      }
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return names;
}

describe('READMEs name what the code defines', () => {
  const names = sourceNames(packages.map((name) => join(ROOT, 'packages', name, 'src')));
  const cli = sourceNames([join(ROOT, 'packages/cli/src'), join(ROOT, 'packages/cli/demo')]);
  /** Names of other projects' APIs a README tells the reader to use with paysign's. */
  const OTHERS = new Set(['connectionTimeoutMillis']); // pg's Pool option
  /** A code span that is one name: camelCase, PascalCase with an inner capital, or CONSTANT_CASE, alone or called. */
  const NAME = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)(?=$|\()/;

  it.each(readmes)('%s: every export, option and constant it quotes is in the sources', (readme) => {
    const quoted = [
      ...read(readme)
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/`([^`\n]+)`/g),
    ].map((span) => NAME.exec(span[1] as string)?.[0]);
    const unknown = [...new Set(quoted.filter((name): name is string => name !== undefined && !names.has(name) && !OTHERS.has(name)))];
    expect(unknown).toEqual([]);
  });

  it.each(['README.md', 'packages/cli/README.md', 'packages/emulator/README.md', 'packages/bulk/README.md'])(
    '%s: every `paysign` flag it quotes is one the CLI parses',
    (readme) => {
      // The troubleshooting table shows mistakes on purpose (`paysign sign --colour`); its rows are run by the CLI's tests.
      const text = read(readme).replace(/^## Troubleshooting\n[\s\S]*?(?=^## |(?![\s\S]))/m, '');
      const flags = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`(?:paysign [a-z ]*?)?--([a-z][a-z-]*)\b[^`]*`/g)].map((span) => span[1] as string);
      const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect([...new Set(flags.filter((flag) => !cli.has(flag) && !cli.has(camel(flag))))]).toEqual([]);
    },
  );

  it.each(packages)('packages/%s/README.md lists every error code the package defines', (name) => {
    const codes: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (entry.endsWith('.ts')) {
          for (const union of readFileSync(path, 'utf8').matchAll(/export type \w*ErrorCode =([^;]*);/g)) {
            codes.push(...[...(union[1] as string).matchAll(/'([A-Z][A-Z0-9_]*)'/g)].map((code) => code[1] as string));
          }
        }
      }
    };
    walk(join(ROOT, 'packages', name, 'src'));
    const readme = read(`packages/${name}/README.md`);
    // gateway and cli throw the errors of the packages they build on (GatewayError is protocol's).
    expect(codes.length > 0, `no error codes found in packages/${name}/src`).toBe(!['gateway', 'cli'].includes(name));
    expect(codes.filter((code) => !new RegExp(`\\b${code}\\b`).test(readme))).toEqual([]);
  });

  const checkedOptions = new Set<string>();
  it.each(packages)('packages/%s/README.md names every option of the options its entry points export', (name) => {
    const entries = packageEntries(name)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const readme = read(`packages/${name}/README.md`);
    const quoted = [...readme.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((code) => code[0]).join('\n');
    const missing: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (entry.endsWith('.ts')) {
          for (const [, options, body] of readFileSync(path, 'utf8').matchAll(/export interface (\w*Options)\b[^{]*\{([\s\S]*?)\n\}/g)) {
            if (!new RegExp(`\\b${options}\\b`).test(entries)) continue; // not exported: internal
            checkedOptions.add(options as string);
            for (const [, option] of (body as string).matchAll(/^ {2}(?:readonly )?(\w+)\??[:(]/gm)) {
              if (!new RegExp(`\\b${option}\\b`).test(quoted)) missing.push(`${options}.${option}`);
            }
          }
        }
      }
    };
    walk(join(ROOT, 'packages', name, 'src'));
    expect(missing).toEqual([]);
  });

  it('the options check saw the public options interfaces', () => {
    expect([...checkedOptions]).toEqual(
      expect.arrayContaining([
        'EmulatorOptions',
        'SignerLayoutOptions',
        'VerifierOptions',
        'SigningProxyOptions',
        'BulkUpdateOptions',
        'RedisNonceStoreOptions',
        'PostgresCallbackStoreOptions',
      ]),
    );
  });

  it('a name the sources never define is caught', () => {
    expect(names.has('createSigner')).toBe(true);
    expect(names.has('validateTransferParams')).toBe(false);
    expect(cli.has('max-callbacks-in-flight')).toBe(true);
    expect(cli.has('no-such-flag')).toBe(false);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The code blocks a README introduces as "Runnable as [`examples/x`](...)": [the file, the block's code]. */
const runnableBlocks = (text: string) => [
  ...text.matchAll(/Runnable as \[`(examples\/[\w.-]+)`\]\([^)]*\)[^`]*?(?:`(?!``)[^`]*`[^`]*?)*```(?:js|ts)\n([\s\S]*?)```/g),
];

describe('READMEs link to what exists', () => {
  it.each(readmes)('%s: every relative link reaches a file, and its #anchor a heading there', (readme) => {
    const text = read(readme).replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target as string)) continue;
      const [path = '', anchor] = (target as string).split('#');
      const file = path === '' ? join(ROOT, readme) : join(ROOT, dirname(readme), path);
      if (!existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      const markdown = statSync(file).isDirectory() ? join(file, 'README.md') : file;
      const headings = existsSync(markdown)
        ? [
            ...readFileSync(markdown, 'utf8')
              .replace(/```[\s\S]*?```/g, '')
              .matchAll(/^#{1,6} (.+)$/gm),
          ].map((h) => slug(h[1] as string))
        : [];
      if (!headings.includes(anchor)) broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(readmes)('%s: a block shown as "runnable as examples/..." is that file\'s code, in its order', (readme) => {
    const text = read(readme);
    const code = (block: string) =>
      block
        .split('\n')
        .map((line) => line.replace(/([;,){}])\s+\/\/ .*$/, '$1').trim())
        .filter((line) => line !== '' && !line.startsWith('//'));
    const drifted: string[] = [];
    for (const match of runnableBlocks(text)) {
      const file = join(ROOT, dirname(readme), match[1] as string);
      const lines = code(readFileSync(file, 'utf8'));
      let at = 0;
      for (const line of code(match[2] as string)) {
        const found = lines.indexOf(line, at);
        if (found === -1) drifted.push(`${match[1]}: ${line}`);
        else at = found + 1;
      }
    }
    expect(drifted).toEqual([]);
  });

  it('the runnable blocks are found where the READMEs show them', () => {
    const found = readmes.flatMap((readme) => runnableBlocks(read(readme)).map((match) => `${readme}: ${match[1]}`));
    expect(found).toEqual(
      expect.arrayContaining([
        'packages/emulator/README.md: examples/quick-start.mjs',
        'packages/payload-codec/README.md: examples/readme.mjs',
        'packages/protocol/README.md: examples/readme.mjs',
      ]),
    );
  });
});

describe("READMEs' code compiles against the packages' sources", () => {
  // Every ```ts and ```js block of every README, type-checked in one program with each
  // @paysign/<name>[/<subpath>] import mapped to its source (jsr.json's exports): an import of a
  // name that is not exported, an option the function does not take, a method that does not exist
  // is an error. What a block leaves to its reader (`controlKey`, `orders`, `url`, an engine's
  // client from a package not installed here) is not: unknown names and other modules are any.
  // A JavaScript block is checked for names, members and options, not for strict types.
  const paths: Record<string, string[]> = { '@paysign/cli': [join(ROOT, 'packages/cli/src/index.ts')] };
  for (const name of packages) {
    // Node-only subpaths (`@paysign/emulator/node`, `@paysign/gateway/opentelemetry`) are not on JSR: src/<subpath>.ts.
    const manifest = JSON.parse(read(`packages/${name}/package.json`)) as { exports?: Record<string, unknown> };
    for (const subpath of Object.keys(manifest.exports ?? {})) {
      const file = join(ROOT, 'packages', name, 'src', `${subpath.slice(2)}.ts`);
      if (subpath !== '.' && existsSync(file)) paths[`@paysign/${name}${subpath.slice(1)}`] = [file];
    }
    const jsr = join(ROOT, 'packages', name, 'jsr.json');
    if (!existsSync(jsr)) continue;
    const exports = (JSON.parse(readFileSync(jsr, 'utf8')) as { exports: string | Record<string, string> }).exports;
    for (const [subpath, file] of Object.entries(typeof exports === 'string' ? { '.': exports } : exports)) {
      const specifier = `@paysign/${name}${subpath === '.' ? '' : subpath.slice(1)}`;
      paths[specifier] = [join(ROOT, 'packages', name, file)];
      paths[`npm:${specifier}`] = [join(ROOT, 'packages', name, file)];
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'paysign-readme-blocks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const blocks: { file: string; where: string; js: boolean }[] = [];
  const add = (where: string, language: string, code: string) => {
    const file = join(dir, `${blocks.length}.ts`);
    writeFileSync(file, `${code}\nexport {};\n`);
    blocks.push({ file, where, js: language === 'js' });
  };
  for (const readme of readmes) {
    const text = read(readme);
    for (const match of text.matchAll(/```(ts|js)\n([\s\S]*?)```/g))
      add(`${readme}:${text.slice(0, match.index).split('\n').length}`, match[1] as string, match[2] as string);
  }
  // Drift the check must catch: an option the client does not take, a name a package does not export.
  add(
    'drift: option',
    'ts',
    "import { createGatewayClient } from '@paysign/gateway';\ncreateGatewayClient({ baseUrl: 'https://g.example', endpointId: '1', login: 'l', controlKey: 'k', timeoutMillis: 5 });",
  );
  add('drift: export', 'js', "import { fromWireRows } from '@paysign/protocol/wire';\nfromWireRows();");

  /** Unknown names (2304, 2552, 2580, 2868) and modules other than paysign's (2307) are the reader's. */
  const READERS = new Set([2304, 2552, 2580, 2868, 2307, 2792, 18004]);
  /** What JavaScript does not declare: null checks, `unknown` in a catch, literal types of plain strings. */
  const STRICT = new Set([2532, 18046, 18047, 18048, 2345, 2322]);

  const errors = (() => {
    const program = ts.createProgram(
      blocks.map((block) => block.file),
      {
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        strict: true,
        noImplicitAny: false,
        skipLibCheck: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        paths,
      },
    );
    return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
      const block = blocks.find((candidate) => candidate.file === diagnostic.file?.fileName);
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (block === undefined) return [];
      if (READERS.has(diagnostic.code) && !message.includes("'@paysign/") && !message.includes("'npm:@paysign/")) return [];
      if (block.js && STRICT.has(diagnostic.code)) return [];
      const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? 0;
      return [{ where: block.where, text: `${block.where} (+${line + 1}): TS${diagnostic.code} ${message}` }];
    });
  })();

  it('every block compiles', () => {
    expect(errors.filter((error) => !error.where.startsWith('drift:')).map((error) => error.text)).toEqual([]);
  });

  it('an option or an export that does not exist is caught', () => {
    expect(errors.filter((error) => error.where === 'drift: option').map((error) => error.text)).toEqual([expect.stringContaining('timeoutMillis')]);
    expect(errors.filter((error) => error.where === 'drift: export').map((error) => error.text)).toEqual([expect.stringContaining('fromWireRows')]);
  });
});

describe("CONTRIBUTING.md's map of the packages", () => {
  const text = read('CONTRIBUTING.md');
  const map = text.slice(text.indexOf('## Map'), text.indexOf('\n## ', text.indexOf('## Map') + 1));
  const rows = new Map(
    [...map.matchAll(/^\|\s*\[`(@paysign\/[\w-]+)`\]\(packages\/[\w-]+\)\s*\|([^|]*)\|([^|]*)\|/gm)].map((row) => [row[1], row[3] as string]),
  );

  it.each(packages)('lists packages/%s with the @paysign packages it imports', (folder) => {
    const manifest = JSON.parse(read(`packages/${folder}/package.json`)) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const declared = Object.keys(manifest.dependencies ?? {})
      .filter((name) => name.startsWith('@paysign/'))
      .sort();
    const listed = [...(rows.get(manifest.name) ?? 'missing').matchAll(/`(@paysign\/[\w-]+)`/g)].map((match) => match[1]).sort();
    expect(rows.has(manifest.name), `${manifest.name} has no row in the map`).toBe(true);
    expect(listed).toEqual(declared);
  });
});
