// Mutation testing of oauth-core's hot paths alone (src/encoding, src/signer, src/base-string),
// beside the default run: `node scripts/mutation/run.mjs --config scripts/mutation/stryker.hot-paths.config.mjs`.
// The default configuration (stryker.config.mjs, beside this file) with its own mutate list, sandbox, incremental
// file and reports, so that it can run while the default one runs; one test process, since the
// machine it was written on has two cores and the other run takes both.
// Results and the survivors' reasons: reports/mutation/oauth-core-hot-paths.md (a run from before
// issue #30 item 4, which deleted encode-fast.ts, encode-twice.ts and parameter-order.ts: their rows
// there are history). The paths mutated now: the literal base string, percentEncode with its byte
// loop for long values (_encode-long.ts) and the signer's last-URL parts, all killed through the
// one property of conformance/suites/properties.ts that holds them equal to §3.4.1 written out.
import defaults from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...defaults,
  mutate: ['packages/oauth-core/src/encoding/**/*.ts', 'packages/oauth-core/src/signer/**/*.ts', 'packages/oauth-core/src/base-string/**/*.ts'],
  tempDirName: '.stryker-tmp-hot',
  incrementalFile: 'reports/mutation/oauth-core-hot-paths.incremental.json',
  htmlReporter: { fileName: 'reports/mutation/oauth-core-hot-paths.html' },
  jsonReporter: { fileName: 'reports/mutation/oauth-core-hot-paths.json' },
  concurrency: 1,
};
