// Where the extra Node versions of the runtime matrix are: npm packages of the official binaries,
// one optional dependency per platform in conformance/runtimes/package.json (`node22` and `node24` are
// linux-x64; `node22-linux-arm64`, `node22-darwin-x64`... the others). pnpm installs only the
// one that matches this machine's os and cpu.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const modules = fileURLToPath(new URL('./node_modules/', import.meta.url));

/**
 * The path of the Node `major` binary installed for this platform, or `undefined` when npm has
 * none for it (then the matrix says so, naming the platform).
 *
 * @example
 * ```js
 * nodeBinary(22); // '/…/conformance/runtimes/node_modules/node22/bin/node' on linux-x64
 * ```
 */
export function nodeBinary(major) {
  const candidates = process.platform === 'linux' && process.arch === 'x64' ? [`node${major}`] : [`node${major}-${process.platform}-${process.arch}`];
  for (const name of candidates) {
    const path = `${modules}${name}/bin/node`;
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** The platform name used in the optional dependencies' aliases, for messages. */
export const platform = `${process.platform}-${process.arch}`;
