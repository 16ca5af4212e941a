// The conformance suites as they were before the mutation-testing work (issue #16), for measuring
// the "before" score only: `PAYSIGN_MUTATION_BASELINE=1 pnpm test:mutation` (see
// vitest.mutation.config.ts). Everything else imports conformance/suites/index.ts itself.
import type { Suite } from '../../conformance/harness.js';
import { oauthSuites as allSuites } from '../../conformance/suites/index.js';

export type { Flavours, OAuthCore } from '../../conformance/suites/index.js';

const ADDED = /^(signer layout|verifier inputs|Authorization header syntax) \[/;

/** All suites but those added for issue #16. */
export function oauthSuites(...args: Parameters<typeof allSuites>): Suite[] {
  return allSuites(...args).filter((s) => !ADDED.test(s.name));
}
