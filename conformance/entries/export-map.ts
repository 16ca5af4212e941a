// Checks that the package's export map hands this runtime the builds it promises: each subpath
// carries its own adapter, and the bare import picks the right one through its export condition.
import { assert, suite, type Suite } from '../harness.js';
import { presentFlavours, type RuntimeEntry } from './flavours.js';

/** The export-map suite for one runtime entry. */
export function exportMapSuite(entry: RuntimeEntry): Suite {
  return suite(`export map in ${entry.runtime}`, (test) => {
    for (const [name, core] of presentFlavours(entry.flavours)) {
      test(`@paysign/oauth-core/${name} carries the ${name} adapter`, () => {
        assert.equal(core.defaultAdapter.name, name);
        assert.equal(core.createSigner({ consumerKey: 'k', consumerSecret: 's', signatureMethod: 'HMAC-SHA1' }).adapterName, name);
      });
    }
    test(`the bare @paysign/oauth-core import resolves to the ${entry.bareAdapter} build here`, () => {
      assert.equal(entry.bare.defaultAdapter.name, entry.bareAdapter);
    });
    test('@paysign/oauth-core/hmac gives the edge HMAC signer and its typed error', () => {
      assert.equal(typeof entry.hmac.createHmacSigner, 'function');
      assert.throws(() => entry.hmac.percentEncode('\uDC00'), 'INVALID_STRING');
    });
    test('OAuthError is one class per build, with a stable code', () => {
      const error = assert.throws(() => entry.bare.percentEncode('\uDC00'), 'INVALID_STRING');
      assert.equal(error instanceof entry.bare.OAuthError, true, 'the error is an OAuthError of the build that threw it');
    });
  });
}
