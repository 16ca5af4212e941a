import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The Quick start's first command (`pnpm install --frozen-lockfile`, then `pnpm start`) installs
// what the root pnpm-lock.yaml holds. The runtimes of the test matrix are conformance/runtimes'
// own project, installed by `pnpm test` first (issue #21, item 6: ~930 MB of node_modules, with
// Deno, Bun, workerd and Node 22/24, just to run the demo).
const root = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const RUNTIME_PACKAGES = /^ {2}'?(deno|bun|workerd|@deno\/[^@]+|@oven\/[^@]+|@cloudflare\/workerd-[^@]+|node-(linux|darwin|win)-[^@]+)@/m;

describe('the first run installs only what the demo needs (issue #21, item 6)', () => {
  it('the workspace lockfile holds no runtime binary of the test matrix', () => {
    expect(root('pnpm-lock.yaml')).not.toMatch(RUNTIME_PACKAGES);
  });

  it('conformance/runtimes holds them, and the test command installs them before anything needs them', () => {
    expect(root('conformance/runtimes/pnpm-lock.yaml')).toMatch(RUNTIME_PACKAGES);
    const { scripts } = JSON.parse(root('package.json')) as { scripts: Record<string, string> };
    expect(scripts['runtimes:install']).toBe('pnpm --dir conformance/runtimes install --frozen-lockfile');
    expect(scripts.test?.startsWith('pnpm runtimes:install && ')).toBe(true);
    expect(scripts.bench?.startsWith('pnpm runtimes:install && ')).toBe(true);
    expect(scripts.start).not.toContain('runtimes');
  });
});
