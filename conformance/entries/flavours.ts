// What a runtime entry hands to the suites: the builds of @paysign/oauth-core that load there,
// each imported through the package's export map (never a source path), so a broken map fails.
import type { AdapterName } from '@paysign/oauth-core';
import * as encoding from '@paysign/oauth-core/encoding';
import type * as OAuthCoreHmac from '@paysign/oauth-core/hmac';
import * as keys from '@paysign/oauth-core/keys';
import type { OAuthCore } from '../suites/flavours.js';

/** The public API of one entry point of `@paysign/oauth-core`, with the `/encoding` and `/keys` subpaths. */
export type OAuthCoreModule = OAuthCore;

/** An entry point's module with the adapter-free subpaths beside it, as the suites take it. */
export function withSubpaths(entry: object): OAuthCore {
  return { ...encoding, ...keys, ...entry } as OAuthCore;
}

/** `@paysign/oauth-core/hmac`: the small HMAC-only signer for edge bundles. */
export type OAuthCoreHmacModule = typeof OAuthCoreHmac;

/**
 * The builds loaded in one runtime. `node` exists only where `node:crypto` does (Node, Deno, Bun,
 * workerd with `nodejs_compat`); `webcrypto` and `js` run everywhere.
 */
export interface Flavours {
  node?: OAuthCoreModule;
  webcrypto: OAuthCoreModule;
  js: OAuthCoreModule;
}

/** One runtime's entry: its name, its flavours, and what the bare package import must give there. */
export interface RuntimeEntry {
  /** Printed before the summary line, e.g. `deno 2.9.6`. */
  runtime: string;
  flavours: Flavours;
  /** `import * from '@paysign/oauth-core'`: the build the export map picks for this runtime. */
  bare: OAuthCoreModule;
  /** The adapter that build must carry here (its export condition decides). */
  bareAdapter: AdapterName;
  /** `@paysign/oauth-core/hmac`, the edge HMAC signer: it must sign as createSigner does. */
  hmac: OAuthCoreHmacModule;
}

/** The flavours present, in a fixed order, with their names. */
export function presentFlavours(flavours: Flavours): [AdapterName, OAuthCoreModule][] {
  const present: [AdapterName, OAuthCoreModule][] = [];
  if (flavours.node) present.push(['node', flavours.node]);
  present.push(['webcrypto', flavours.webcrypto], ['js', flavours.js]);
  return present;
}
