// Each package's tests import only that package and the packages it declares as dependencies:
// never a sibling's dist/ or src/ by a relative path (../../emulator/dist/...), and never a
// sibling it does not depend on by name (the root's node_modules would resolve it anyway).
// Tests that need several packages live here, in integration/, which declares them all.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Static and dynamic imports, re-exports, require() and new URL(..., import.meta.url).
const SPECIFIER =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]|\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(?:[cm]?[jt]s|tsx)$/.test(name) ? [path] : [];
  });
}

/** The imports in `text` (a file of package `owner`, at `file`) that cross into another package. */
function crossings(root: string, owner: string, allowed: ReadonlySet<string>, file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    if (specifier.startsWith('.')) {
      const target = relative(join(root, 'packages'), resolve(dirname(file), specifier)).split(sep);
      if (target[0] !== '..' && target[0] !== owner && target.length > 1) found.push(`${specifier} (inside packages/${target[0]})`);
    } else if (specifier.startsWith('@paysign/')) {
      const name = specifier.split('/').slice(0, 2).join('/');
      if (!allowed.has(name)) found.push(`${specifier} (not a dependency of packages/${owner})`);
    }
  }
  return found;
}

/** Every crossing in the packages' tests under `root`, as `file: specifier (why)`. */
function packageTestCrossings(root: string): string[] {
  const found: string[] = [];
  for (const owner of readdirSync(join(root, 'packages'))) {
    const testDir = join(root, 'packages', owner, 'test');
    let manifest: { name: string; dependencies?: object; devDependencies?: object; peerDependencies?: object };
    try {
      manifest = JSON.parse(readFileSync(join(root, 'packages', owner, 'package.json'), 'utf8'));
      statSync(testDir);
    } catch {
      continue;
    }
    const allowed = new Set([manifest.name, ...Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })]);
    for (const file of filesUnder(testDir)) {
      for (const crossing of crossings(root, owner, allowed, file, readFileSync(file, 'utf8'))) found.push(`${relative(root, file)}: ${crossing}`);
    }
  }
  return found;
}

describe('package tests stay inside their package', () => {
  it('no file under packages/*/test imports a sibling package by path or undeclared by name', () => {
    expect(packageTestCrossings(ROOT)).toEqual([]);
  });

  it('the check sees each kind of crossing', () => {
    const file = join(ROOT, 'packages', 'gateway', 'test', 'sample.ts');
    const allowed = new Set(['@paysign/gateway', '@paysign/protocol']);
    const text = [
      "import { serve } from '../../emulator/dist/node.js';",
      "export { validPayment } from '../../protocol/test/fixtures.js';",
      "const m = await import('../../oauth-core/src/encoding/base64.js');",
      "const child = new URL('../../cli/dist/bin.js', import.meta.url);",
      "import { createEmulator } from '@paysign/emulator/node';",
      // allowed: its own files, shared data outside packages/, declared packages
      "import { x } from '../src/index.js';",
      "import vectors from '../../../conformance/vectors/rsa-published.json' with { type: 'json' };",
      "import { redactCardData } from '@paysign/protocol';",
    ].join('\n');
    expect(crossings(ROOT, 'gateway', allowed, file, text)).toEqual([
      '../../emulator/dist/node.js (inside packages/emulator)',
      '../../protocol/test/fixtures.js (inside packages/protocol)',
      '../../oauth-core/src/encoding/base64.js (inside packages/oauth-core)',
      '../../cli/dist/bin.js (inside packages/cli)',
      '@paysign/emulator/node (not a dependency of packages/gateway)',
    ]);
  });
});
