// Every flavour signs every request to the same bytes: base string, signature, header, body, URL.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import type { Flavours, OAuthCore } from './flavours.js';
import { key1024, key2048 } from './rsa-keys.js';

type Method = Parameters<OAuthCore['createSigner']>[0]['signatureMethod'];

const HMAC_LIKE: Method[] = ['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'PLAINTEXT'];
const RSA: Method[] = ['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'];

export function adaptersAgreeSuites(flavours: Flavours): Suite[] {
  const entries = Object.entries(flavours);
  return [
    suite('all flavours sign identically', (test) => {
      test(`flavours under test: ${entries.map(([n]) => n).join(', ')}`, () => assert.ok(entries.length > 0));
      const cases: [Method, Record<string, unknown>, number][] = [
        ...HMAC_LIKE.map((m): [Method, Record<string, unknown>, number] => [m, {}, 60]),
        ...RSA.map((m): [Method, Record<string, unknown>, number] => [m, { privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 }, 12]),
        ['RSA-SHA256', { privateKey: key2048.pkcs8 }, 3],
      ];
      for (const [method, keyOptions, numRuns] of cases) {
        const label = method.startsWith('RSA') ? `${method} (${keyOptions.minimumRsaKeyBits ? 1024 : 2048}-bit key)` : method;
        test(`${label}: identical signed requests on random input`, async () => {
          await fc.assert(
            fc.asyncProperty(
              arb.request,
              arb.secret,
              fc.option(arb.token, { nil: undefined }),
              fc.option(arb.secret, { nil: undefined }),
              arb.nonce,
              arb.timestamp,
              fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
              async (request, consumerSecret, token, tokenSecret, nonce, timestamp, realm) => {
                const outputs = await Promise.all(
                  entries.map(async ([, core]) => {
                    const signer = core.createSigner({
                      consumerKey: 'merchant-login',
                      signatureMethod: method,
                      nonce: () => nonce,
                      timestamp: () => timestamp,
                      ...(method.startsWith('RSA') ? keyOptions : { consumerSecret }),
                      ...(token !== undefined && { token }),
                      ...(tokenSecret !== undefined && { tokenSecret }),
                      ...(realm !== undefined && { realm }),
                    });
                    return signer.sign(request);
                  }),
                );
                for (let i = 1; i < outputs.length; i++) {
                  assert.deepEqual(outputs[i], outputs[0], `${entries[i]![0]} vs ${entries[0]![0]}`);
                }
              },
            ),
            { numRuns },
          );
        });
      }
    }),
  ];
}
