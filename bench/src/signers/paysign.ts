// oauth-core's signers as benchmark cases: full signing, from the request's parameters to the
// Authorization header, with a fresh nonce and timestamp each time, as in production.
import type { SignerOptions } from '@paysign/oauth-core';
import type { SigningCase, AdapterEntry, GroupSpec } from './types.js';
import { CONSUMER_KEY, CONTROL_KEY } from '../fixtures/requests.js';

/** Credentials for a group: the control key for HMAC, the 4096-bit PKCS#1 key for RSA. */
export function signerOptions(spec: GroupSpec, pkcs1Pem: string): SignerOptions {
  return spec.algorithm === 'HMAC-SHA1'
    ? { consumerKey: CONSUMER_KEY, consumerSecret: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' }
    : { consumerKey: CONSUMER_KEY, privateKey: pkcs1Pem, signatureMethod: 'RSA-SHA256', minimumRsaKeyBits: 4096 };
}

/** The same signer with a fixed nonce and timestamp, for checking bytes. */
export function fixedSignerOptions(spec: GroupSpec, pkcs1Pem: string): SignerOptions {
  return { ...signerOptions(spec, pkcs1Pem), nonce: () => 'a1b2c3d4e5f60718293a4b5c6d7e8f90', timestamp: () => 1_767_225_600 };
}

/**
 * A case that signs `spec.request` with one oauth-core entry point; `sign()` on asynchronous
 * adapters, `signSync()` on synchronous ones (what a user of that runtime would call).
 * `expected(baseString)` gives the floor's signature that the output must equal.
 */
export async function paysignCase(
  entry: AdapterEntry,
  spec: GroupSpec,
  pkcs1Pem: string,
  expected: (baseString: string) => Promise<string>,
): Promise<SigningCase> {
  const signer = entry.createSigner(signerOptions(spec, pkcs1Pem));
  const request = { url: spec.request.url, params: spec.request.params };
  // Let the asynchronous key import finish before anything is timed.
  await signer.sign(request);
  let sink = '';
  return {
    id: `paysign:${entry.name}`,
    kind: 'paysign',
    label: `paysign ${entry.name}`,
    run:
      'signSync' in signer
        ? (n) => {
            for (let i = 0; i < n; i++) sink = signer.signSync(request).authorization;
            if (sink === '') throw new Error('empty header');
          }
        : async (n) => {
            for (let i = 0; i < n; i++) sink = (await signer.sign(request)).authorization;
            if (sink === '') throw new Error('empty header');
          },
    async check() {
      const checker = entry.createSigner(fixedSignerOptions(spec, pkcs1Pem));
      const signed = await checker.sign(request);
      const want = await expected(signed.baseString);
      if (signed.signature !== want) throw new Error(`paysign ${entry.name} signed ${spec.request.id} differently from the floor`);
      if (!signed.authorization.includes(`oauth_signature="${encodeURIComponent(want)}"`)) {
        throw new Error(`paysign ${entry.name}: the Authorization header lacks the signature`);
      }
    },
  };
}
