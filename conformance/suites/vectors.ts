// Every published vector, on every flavour. Expected values come from the sources named in the
// vector files; nothing here computes an expected value.
import { assert, suite, type Suite } from '../harness.js';
import baseStringUriVectors from '../vectors/base-string-uri.json' with { type: 'json' };
import baseStringVectors from '../vectors/base-strings.json' with { type: 'json' };
import headerVectors from '../vectors/authorization-headers.json' with { type: 'json' };
import hmacVectors from '../vectors/hmac-plaintext-signatures.json' with { type: 'json' };
import normalizationVectors from '../vectors/normalization.json' with { type: 'json' };
import encodingVectors from '../vectors/percent-encoding.json' with { type: 'json' };
import rsaVectors from '../vectors/rsa-published.json' with { type: 'json' };
import signedRequestVectors from '../vectors/signed-requests.json' with { type: 'json' };
import type { Flavours, OAuthCore } from './flavours.js';

type Method = Parameters<OAuthCore['createSigner']>[0]['signatureMethod'];
type Pairs = [string, string][];

// Published test keys are 1024-bit; the library refuses them unless told otherwise.
const minimumRsaKeyBits = 1024;

function vectorSuite(flavour: string, core: OAuthCore): Suite {
  return suite(`vectors [${flavour}]`, (test) => {
    for (const v of encodingVectors.cases) {
      test(`percentEncode ${JSON.stringify(v.input)} -> ${v.expected}`, () => assert.equal(core.percentEncode(v.input), v.expected));
    }

    for (const v of normalizationVectors.cases) {
      test(`normalizeParameters ${v.id}`, () => {
        const input: Parameters<OAuthCore['normalizeParameters']>[0] =
          'pairs' in v ? (v.pairs as Pairs) : 'record' in v ? (v.record as Record<string, string | string[]>) : core.parseFormPairs(v.query as string);
        assert.equal(core.normalizeParameters(input), v.expected);
      });
    }

    for (const v of baseStringUriVectors.cases) {
      test(`baseStringUri ${v.input}`, () => assert.equal(core.baseStringUri(v.input), v.expected));
    }

    for (const v of baseStringVectors.cases) {
      test(`signatureBaseString ${v.id}`, () => {
        const params: (readonly [string, string])[] = [...(v.params as Pairs), ...('body' in v ? core.parseFormPairs(v.body as string) : [])];
        assert.equal(core.signatureBaseString(v.method, v.url, params), v.expected);
      });
    }

    for (const v of hmacVectors.cases) {
      const credentials = { signatureMethod: v.signatureMethod as Method, consumerSecret: v.consumerSecret, tokenSecret: v.tokenSecret };
      test(`signBaseString ${v.id} (${v.signatureMethod})`, async () => {
        assert.equal(await core.signBaseString(v.baseString, credentials), v.expected);
      });
      test(`verifyBaseString ${v.id} accepts the published signature, refuses others`, async () => {
        assert.equal(await core.verifyBaseString(v.baseString, v.expected, credentials), true);
        if ('printed' in v)
          assert.equal(await core.verifyBaseString(v.baseString, v.printed as string, credentials), false, 'the erratum value must not verify');
        if (v.signatureMethod !== 'PLAINTEXT') {
          assert.equal(await core.verifyBaseString(`${v.baseString}x`, v.expected, credentials), false);
        }
      });
    }

    for (const v of signedRequestVectors.cases) {
      test(`createSigner ${v.id}`, async () => {
        const signer = core.createSigner({
          consumerKey: v.consumerKey,
          consumerSecret: v.consumerSecret,
          signatureMethod: v.signatureMethod as Method,
          nonce: () => v.nonce,
          timestamp: () => v.timestamp,
          ...('token' in v && { token: v.token as string }),
          ...('tokenSecret' in v && { tokenSecret: v.tokenSecret as string }),
          ...('realm' in v && { realm: v.realm as string }),
          ...('version' in v && { version: v.version as false }),
        });
        const signed = await signer.sign({
          method: v.method,
          url: v.url,
          params: v.params as Pairs,
          ...('oauthParams' in v && { oauthParams: v.oauthParams as Record<string, string> }),
        });
        assert.equal(signed.signature, v.expectedSignature);
        if ('expectedBaseString' in v) assert.equal(signed.baseString, v.expectedBaseString);
        const parsed = core.parseAuthorizationHeader(signed.authorization);
        assert.equal(parsed.params.oauth_signature, v.expectedSignature, 'the header carries the signature');
        assert.equal(parsed.realm, 'realm' in v ? v.realm : undefined);
      });
    }

    for (const v of rsaVectors.cases) {
      const method = v.signatureMethod as Method;
      const keys: [string, string][] = [['private key PEM', v.privateKeyPem]];
      if ('privateKeyPemPkcs8' in v) keys.push(['PKCS#8 PEM', v.privateKeyPemPkcs8 as string]);
      for (const [form, privateKey] of keys) {
        test(`signBaseString ${v.id} (${method}, ${form})`, async () => {
          assert.equal(await core.signBaseString(v.baseString, { signatureMethod: method, privateKey, minimumRsaKeyBits }), v.expected);
        });
      }
      if ('publicKeyPem' in v) {
        test(`verifyBaseString ${v.id} with the published public key`, async () => {
          const credentials = { signatureMethod: method, publicKey: v.publicKeyPem as string, minimumRsaKeyBits };
          assert.equal(await core.verifyBaseString(v.baseString, v.expected, credentials), true);
          assert.equal(await core.verifyBaseString(`${v.baseString} `, v.expected, credentials), false);
        });
      }
      if ('request' in v) {
        test(`signatureBaseString ${v.id} rebuilds the signed base string`, () => {
          const request = v.request as { method: string; url: string; params: Pairs };
          assert.equal(core.signatureBaseString(request.method, request.url, request.params), v.baseString);
        });
      }
    }

    for (const v of headerVectors.cases) {
      test(`parseAuthorizationHeader ${v.id}`, () => {
        const parsed = core.parseAuthorizationHeader(v.header);
        assert.equal(parsed.realm, 'realm' in v ? v.realm : undefined);
        assert.deepEqual({ ...parsed.params }, v.params);
      });
      if ('formatsExactly' in v) {
        test(`formatAuthorizationHeader ${v.id} reproduces the header byte for byte`, () => {
          assert.equal(core.formatAuthorizationHeader(v.params as Record<string, string>), v.header);
        });
      }
    }
  });
}

/** One vector suite per flavour. */
export function vectorSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => vectorSuite(name, core));
}
