// What conformance/test/node.test.ts registers under mutation testing (vitest.mutation.config.ts
// aliases its '../suites/index.js' here). Two differences from conformance/suites/index.ts:
// - the `default` flavour is left out: under the mutation config the bare import resolves to the
//   same src/entries/node.ts module as `/node`, so its suites would only run the node ones twice;
// - with PAYSIGN_MUTATION_BASELINE=1, the suites added for issue #16 are left out too, to measure
//   the "before" score with the tests as they were.
import type { Suite } from '../../conformance/harness.js';
import { oauthSuites as allSuites } from '../../conformance/suites/index.js';

export type { Flavours, OAuthCore } from '../../conformance/suites/index.js';

const ADDED = /^(signer layout|verifier inputs|Authorization header syntax) \[/;
const baseline = process.env.PAYSIGN_MUTATION_BASELINE === '1';

/** The conformance suites without the duplicate flavour (and, for the baseline, without issue #16's). */
export function oauthSuites(...[flavours, hmac]: Parameters<typeof allSuites>): Suite[] {
  const { default: _duplicate, ...distinct } = flavours;
  return allSuites(distinct, hmac).filter((s) => !(baseline && ADDED.test(s.name)));
}
