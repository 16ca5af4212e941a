// `paysign --version`, from the built binary and through the workspace root's node_modules/.bin,
// as a newcomer runs it after the README's install.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('paysign --version', () => {
  it('prints the package version and exits 0 (-v and version too)', () => {
    for (const flag of ['--version', '-v', 'version']) {
      const result = paysign([flag]);
      expect([result.code, result.stdout.trim()]).toEqual([0, `paysign ${manifest.version}`]);
    }
  });

  it('runs as `paysign` from the repository root, linked by the workspace install', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const result = spawnSync(`${root}node_modules/.bin/paysign`, ['--version'], { encoding: 'utf8', cwd: root, env: { PATH: process.env.PATH ?? '' } });
    expect([result.status, result.stdout.trim()]).toEqual([0, `paysign ${manifest.version}`]);
  });
});
