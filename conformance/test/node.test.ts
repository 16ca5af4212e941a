// The Node entry: registers every conformance suite with vitest, one describe per suite and one
// it per test. Other runtimes run the same suites through harness.runSuites.
import * as auto from '@paysign/oauth-core';
import * as hmac from '@paysign/oauth-core/hmac';
import * as js from '@paysign/oauth-core/js';
import * as node from '@paysign/oauth-core/node';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import { describe, it } from 'vitest';
import type { Suite } from '../harness.js';
import { differentialSuites } from '../suites/differential.node.js';
import { withSubpaths } from '../entries/flavours.js';
import { oauthSuites, type OAuthCore } from '../suites/index.js';

const [autoAll, nodeAll, webcryptoAll, jsAll] = [auto, node, webcrypto, js].map(withSubpaths) as [OAuthCore, OAuthCore, OAuthCore, OAuthCore];
const suites: Suite[] = [...oauthSuites({ default: autoAll, node: nodeAll, webcrypto: webcryptoAll, js: jsAll }, hmac), ...differentialSuites(nodeAll)];

for (const s of suites) {
  describe(s.name, () => {
    for (const t of s.tests) it(t.name, t.fn);
  });
}
