// The publishable packages of the workspace, and how to reach the tools the checks use.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const bin = (name) => `${root}node_modules/.bin/${name}`;
/**
 * A runtime of the test matrix (deno, bun, workerd): conformance/runtimes' own dependencies, which
 * `pnpm runtimes:install` installs (`pnpm test` runs it first); a clear error when they are not there.
 */
export function runtimeBin(name) {
  const path = `${root}conformance/runtimes/node_modules/.bin/${name}`;
  if (!existsSync(path)) throw new Error(`${name} is not installed: run "npx -y pnpm@12.21.0 runtimes:install" first (see conformance/runtimes/README.md)`);
  return path;
}

/** `npx -y pnpm@<the version the root package.json pins>`, as the project runs pnpm everywhere. */
export function pnpmCommand() {
  const { packageManager } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  return ['npx', ['-y', packageManager.split('+')[0]]];
}

/**
 * Every non-private package under packages/. One with a build script but no dist/ is returned
 * with `built: false`, so a forgotten build fails the check instead of shrinking it.
 */
export function publishablePackages() {
  return readdirSync(`${root}packages`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${root}packages/${entry.name}/package.json`))
    .map((entry) => {
      const dir = `${root}packages/${entry.name}`;
      const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
      return { dir, manifest, name: manifest.name, built: existsSync(`${dir}/dist`) };
    })
    .filter((pkg) => pkg.manifest.private !== true && (pkg.built || pkg.manifest.scripts?.build));
}

/** The subpaths a consumer can import (`.`, `./node`, ...): every export but package.json. */
export function importableSubpaths(manifest) {
  const exports = manifest.exports;
  if (typeof exports === 'string' || exports === undefined) return ['.'];
  return Object.keys(exports).filter((key) => key.startsWith('.') && !key.endsWith('.json') && !key.includes('*'));
}

/** The specifier a consumer writes for a subpath. */
export const specifier = (name, subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`);

/** Runs a command; resolves to its output and exit code (never rejects). */
export function exec(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, env: { ...process.env, NO_COLOR: '1', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout ?? 5 * 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
