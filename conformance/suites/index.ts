// Every runtime-neutral suite. A runtime passes the flavours it can import; `/node` may be absent.
import type { Suite } from '../harness.js';
import { adaptersAgreeSuites } from './adapters-agree.js';
import { bodiesAndTokensSuites } from './bodies-and-tokens.js';
import { errorSuites } from './errors.js';
import type { Flavours } from './flavours.js';
import { headerSyntaxSuites } from './header-syntax.js';
import { keySuites } from './keys.js';
import { oneCoreSuites } from './one-core.js';
import { propertySuites } from './properties.js';
import { roundTripSuites } from './round-trip.js';
import { signedFetchSuites } from './signed-fetch.js';
import { signerLayoutSuites } from './signer-layout.js';
import { tokenDanceSuites } from './token-dance.js';
import { transmissionSuites } from './transmissions.js';
import { vectorSuites } from './vectors.js';
import { verifierInputSuites } from './verifier-inputs.js';
import { verifierSuites } from './verifier.js';

export type { Flavours, OAuthCore } from './flavours.js';
// The gateway's rules (@paysign/protocol) against hand-derived vectors: one set for every runtime, not per flavour.
export { specRuleSuites } from './spec-rules.js';

/**
 * All runtime-neutral conformance suites for the given flavours.
 *
 * @example
 * ```ts
 * import * as webcrypto from '@paysign/oauth-core/webcrypto';
 * import * as js from '@paysign/oauth-core/js';
 * await runSuites(oauthSuites({ webcrypto, js }, hmac), console.log);
 * ```
 */
export function oauthSuites(flavours: Flavours, hmac?: Parameters<typeof oneCoreSuites>[1]): Suite[] {
  return [
    ...vectorSuites(flavours),
    ...propertySuites(flavours),
    ...adaptersAgreeSuites(flavours),
    ...roundTripSuites(flavours),
    ...keySuites(flavours),
    ...verifierSuites(flavours),
    ...errorSuites(flavours),
    ...oneCoreSuites(flavours, hmac),
    ...signerLayoutSuites(flavours),
    ...verifierInputSuites(flavours),
    ...headerSyntaxSuites(flavours),
    ...tokenDanceSuites(flavours),
    ...signedFetchSuites(flavours),
    ...bodiesAndTokensSuites(flavours),
    ...transmissionSuites(flavours, hmac),
  ];
}
