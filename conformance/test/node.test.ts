// The Node entry: registers every conformance suite with vitest, one describe per suite and one
// it per test. Other runtimes run the same suites through harness.runSuites.
import * as auto from '@paysign/oauth-core';
import * as js from '@paysign/oauth-core/js';
import * as node from '@paysign/oauth-core/node';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import { describe, it } from 'vitest';
import type { Suite } from '../harness.js';
import { differentialSuites } from '../suites/differential.node.js';
import { oauthSuites } from '../suites/index.js';

const suites: Suite[] = [...oauthSuites({ default: auto, node, webcrypto, js }), ...differentialSuites(node)];

for (const s of suites) {
  describe(s.name, () => {
    for (const t of s.tests) it(t.name, t.fn);
  });
}
