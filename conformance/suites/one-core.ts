// One core behind every entry point: one OAuthError class whichever entry threw, the HMAC-only
// signer byte-identical to createSigner (or refusing with the same code), protocol names never
// signed twice, and the verifier reading the path as received.
import fc from 'fast-check';
import type * as OAuthCoreHmac from '@paysign/oauth-core/hmac';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import { captureError, type Flavours } from './flavours.js';

type HmacModule = typeof OAuthCoreHmac;

const URL_ = 'https://gate.example/payment/api/v4/transfer/42';
const SECRET = 'control-key';
const PROTOCOL_NAMES = [
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_version',
  'oauth_token',
  'oauth_callback',
];

/** Request parameters where some names are protocol names: what a confused or hostile caller sends. */
const pairsWithProtocolNames = fc.array(fc.tuple(fc.oneof(arb.name, fc.constantFrom(...PROTOCOL_NAMES)), arb.value), { maxLength: 6 });
const queryWithProtocolNames = pairsWithProtocolNames.map((pairs) => new URLSearchParams(pairs).toString());

async function outcome(run: () => Promise<{ url: string; body: string; authorization: string; baseString: string; signature: string }>): Promise<string> {
  try {
    const s = await run();
    return JSON.stringify([s.url, s.body, s.authorization, s.baseString, s.signature]);
  } catch (error) {
    return `refused ${(error as { code?: string }).code ?? String(error)}`;
  }
}

export function oneCoreSuites(flavours: Flavours, hmac?: HmacModule): Suite[] {
  const entries = Object.entries(flavours);
  return [
    suite('one core behind every entry point', (test) => {
      test("an error thrown through any entry point is instanceof every entry point's OAuthError", async () => {
        const thrown: [string, unknown][] = entries.map(([name, core]) => [
          name,
          (() => {
            try {
              core.createSigner({ consumerKey: 'k', signatureMethod: 'HMAC-SHA1' });
            } catch (error) {
              return error;
            }
            return undefined;
          })(),
        ]);
        if (hmac) thrown.push(['hmac', await captureError(() => hmac.createHmacSigner({ consumerKey: 'k' } as never))]);
        const classes = [...entries.map(([name, core]) => [name, core.OAuthError] as const), ...(hmac ? [['hmac', hmac.OAuthError] as const] : [])];
        for (const [from, error] of thrown) {
          assert.equal((error as { code?: string })?.code, 'MISSING_SECRET', `${from} refused a signer without a secret`);
          for (const [name, OAuthError] of classes) assert.ok(error instanceof OAuthError, `thrown through ${from}, instanceof ${name}'s OAuthError`);
        }
      });

      test('missing or non-object options are an OAuthError, never a TypeError', async () => {
        for (const [name, core] of entries) {
          for (const options of [undefined, null, 'k', 42]) {
            const signing = await captureError(() => core.createSigner(options as never));
            assert.ok(signing instanceof core.OAuthError && signing.code === 'INVALID_PARAMETER', `${name}: createSigner(${String(options)})`);
            const verifying = await captureError(() => core.createVerifier(options as never));
            assert.ok(verifying instanceof core.OAuthError && verifying.code === 'INVALID_PARAMETER', `${name}: createVerifier(${String(options)})`);
          }
          const noLookup = await captureError(() => core.createVerifier({} as never));
          assert.ok(noLookup instanceof core.OAuthError && noLookup.code === 'INVALID_PARAMETER', `${name}: createVerifier without lookup`);
        }
      });

      test('createSigner refuses a protocol name in the URL query or params, never signing it twice', async () => {
        for (const [, core] of entries) {
          const signer = core.createSigner({ consumerKey: 'merchant', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1' });
          for (const name of ['oauth_nonce', 'oauth_signature', 'oauth_timestamp', 'oauth_consumer_key']) {
            const error = await captureError(() => signer.sign({ url: `${URL_}?${name}=x` }));
            assert.equal((error as { code?: string })?.code, 'INVALID_PARAMETER', `${name} in the query`);
            const inParams = await captureError(() => signer.sign({ url: URL_, params: { [name]: 'x' } }));
            assert.equal((inParams as { code?: string })?.code, 'INVALID_PARAMETER', `${name} in the params`);
          }
          // A protocol name the signer does not set (oauth_callback) is an ordinary parameter.
          const signed = await signer.sign({ url: `${URL_}?oauth_callback=oob` });
          assert.ok(signed.baseString.includes('oauth_callback%3Doob'), 'oauth_callback in the query is signed once');
        }
      });

      test('the verifier signs the path as received: /./ and /../ are kept (RFC 5849 §3.4.1.2)', async () => {
        for (const [name, core] of entries) {
          const url = 'https://gate.example/a/./b/../c?x=1';
          const oauth = {
            oauth_consumer_key: 'merchant',
            oauth_nonce: 'n1',
            oauth_signature_method: 'HMAC-SHA1',
            oauth_timestamp: '1700000000',
            oauth_version: '1.0',
          };
          // The base string an RFC 5849 signer builds from the request line as sent, by hand.
          const params = core.normalizeParameters({ x: '1', ...oauth });
          const baseString = `POST&${core.percentEncode('https://gate.example/a/./b/../c')}&${core.percentEncode(params)}`;
          const signature = await core.signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: SECRET });
          const authorization = core.formatAuthorizationHeader({ ...oauth, oauth_signature: signature });
          const verifier = core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => 1_700_000_000 });
          const result = await verifier.verify({ method: 'POST', url, authorization, body: '' });
          assert.equal(result.ok, true, `${name}: ${result.ok ? '' : result.reason}`);
          if (result.ok) assert.equal(result.baseString, baseString);
        }
      });

      if (hmac) {
        test('createHmacSigner signs HMAC-SHA1 by default and refuses every other method, PLAINTEXT and RSA included, before signing', async () => {
          const options = { consumerKey: 'merchant-login', consumerSecret: SECRET, nonce: () => 'n', timestamp: () => 1_700_000_000 };
          const signed = await hmac.createHmacSigner(options).sign({ url: URL_ });
          assert.equal(signed.oauthParams.oauth_signature_method, 'HMAC-SHA1');
          for (const signatureMethod of ['PLAINTEXT', 'RSA-SHA256', 'xHMAC-SHA1', 'HMAC-SHA1x', 'HMAC-SHA384', 'hmac-sha1']) {
            const error = await captureError(() => hmac.createHmacSigner({ ...options, signatureMethod } as never));
            assert.ok(error instanceof hmac.OAuthError, signatureMethod);
            assert.equal((error as { code?: string }).code, 'UNSUPPORTED_SIGNATURE_METHOD', signatureMethod);
            assert.equal((error as Error).message, 'signatureMethod must be one of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512', signatureMethod);
          }
          // No options at all: createSigner's own refusal, as an OAuthError (not a TypeError).
          const none = await captureError(() => hmac.createHmacSigner(undefined as never));
          assert.ok(none instanceof hmac.OAuthError);
          assert.equal((none as { code?: string }).code, 'INVALID_PARAMETER');
        });

        for (const [name, core] of entries) {
          test(`createHmacSigner = createSigner [${name}] on random requests, oauth_* names in query and body included`, async () => {
            await fc.assert(
              fc.asyncProperty(
                arb.baseUrl,
                queryWithProtocolNames,
                pairsWithProtocolNames,
                fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512') as fc.Arbitrary<'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512'>,
                arb.secret,
                fc.option(fc.tuple(arb.token, arb.secret), { nil: undefined }),
                fc.boolean(),
                arb.nonce,
                arb.timestamp,
                async (base, query, params, signatureMethod, consumerSecret, tokenPair, oauthParamsInBody, nonce, timestamp) => {
                  const options = {
                    consumerKey: 'merchant-login',
                    consumerSecret,
                    signatureMethod,
                    oauthParamsInBody,
                    nonce: () => nonce,
                    timestamp: () => timestamp,
                    ...(tokenPair && { token: tokenPair[0], tokenSecret: tokenPair[1] }),
                  };
                  const url = query === '' ? base : `${base}?${query}`;
                  const viaCore = await outcome(() => core.createSigner(options).sign({ url, params }));
                  const viaHmac = await outcome(() => hmac.createHmacSigner(options).sign({ url, params }));
                  assert.equal(viaHmac, viaCore);
                },
              ),
              { numRuns: 200 },
            );
          });
        }
      }
    }),
  ];
}
