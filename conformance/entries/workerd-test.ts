// The `test` handler that `workerd test` calls; a thrown error is what fails it there.
import { assert, suite, type Suite } from '../harness.js';
import type { Flavours, OAuthCoreHmacModule, OAuthCoreModule } from './flavours.js';
import { runConformance } from './run.js';

/** Whether `node:crypto` can be imported: true only under nodejs_compat. */
async function nodeCryptoLoads(): Promise<boolean> {
  // A computed specifier keeps esbuild from resolving it: workerd alone decides.
  const specifier = ['node', 'crypto'].join(':');
  try {
    await import(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Proves the capnp config is what it claims: without nodejs_compat, node:crypto must be absent. */
function nodejsCompatSuite(expected: boolean): Suite {
  return suite('workerd config', (test) => {
    test(`node:crypto is ${expected ? 'available (nodejs_compat)' : 'absent (no nodejs_compat)'}`, async () => {
      assert.equal(await nodeCryptoLoads(), expected);
    });
  });
}

/**
 * A worker module whose `test` handler runs the conformance suites.
 *
 * @example
 * ```ts
 * export default workerdTest('workerd', flavours, bare, hmac);
 * ```
 */
export function workerdTest(runtime: string, flavours: Flavours, bare: OAuthCoreModule, hmac: OAuthCoreHmacModule): { test(): Promise<void> } {
  return {
    async test() {
      // workerd's bundle is built with the `workerd` condition, so the bare import is the WebCrypto build.
      const entry = { runtime, flavours, bare, hmac, bareAdapter: 'webcrypto' } as const;
      const result = await runConformance(entry, console.log, [nodejsCompatSuite(flavours.node !== undefined)]);
      if (result.failed > 0) throw new Error(`${runtime}: ${result.failed} conformance test(s) failed`);
    },
  };
}
