/**
 * Names the running JavaScript runtime and its version: `node 22.12.0`, `deno 2.1.4`, `bun 1.1.38`.
 *
 * @example
 * ```ts
 * runtimeLabel(); // 'node 20.19.0'
 * ```
 */
export function runtimeLabel(): string {
  const g = globalThis as {
    Deno?: { version: { deno: string } };
    Bun?: { version: string };
    process?: { versions?: { node?: string } };
    navigator?: { userAgent?: string };
  };
  if (g.Deno) return `deno ${g.Deno.version.deno}`;
  if (g.Bun) return `bun ${g.Bun.version}`;
  if (g.process?.versions?.node) return `node ${g.process.versions.node}`;
  return g.navigator?.userAgent ?? 'unknown runtime';
}
