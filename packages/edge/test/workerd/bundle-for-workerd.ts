// What the tests that run real workerd share: the workerd binary (installed by the conformance
// runtimes' package), and a bundler for a worker's source as workerd loads it. A worker is bundled
// from its source text with this package as the resolve directory, where @paysign/edge resolves to
// itself (the Cloudflare example has its own package.json: it is copied out to deploy).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The workerd binary of conformance/runtimes. */
export const WORKERD = fileURLToPath(new URL('../../../../conformance/runtimes/node_modules/.bin/workerd', import.meta.url));

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles `entry` (TypeScript) into `outfile`, an ES module for workerd. */
export async function bundleForWorkerd(entry: string, outfile: string): Promise<void> {
  await build({
    stdin: { contents: readFileSync(entry, 'utf8'), resolveDir: PACKAGE_DIR, sourcefile: entry, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
}

/**
 * Starts `workerd serve config` and resolves once every one of `urls` answers (up to 20 s): a
 * runtime that cannot start is a failure, reported with its stderr.
 */
export async function serveWorkerd(config: string, urls: readonly string[]): Promise<ChildProcess> {
  let stderr = '';
  const child = spawn(WORKERD, ['serve', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; ; attempt++) {
    try {
      for (const url of urls) await fetch(url, { redirect: 'manual' });
      return child;
    } catch {
      if (attempt > 200 || child.exitCode !== null) {
        child.kill();
        throw new Error(`workerd did not start:\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
