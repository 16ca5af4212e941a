import { encodeBase64 } from '@paysign/oauth-core/encoding';
import { pkcs1PrivateToPkcs8, readPem } from '@paysign/oauth-core/keys';
import type { Primitives } from './types.js';

const encoder = new TextEncoder();
const RSA = 'RSASSA-PKCS1-v1_5';

/**
 * `crypto.subtle` (every runtime that has it): keys imported once, each call one `subtle.sign`.
 *
 * @example
 * ```ts
 * const mac = await webCryptoPrimitives.hmacSha1('key&');
 * await mac('POST&...');
 * ```
 */
export const webCryptoPrimitives: Primitives = {
  id: 'webcrypto',
  label: 'crypto.subtle (floor)',
  async hmacSha1(key) {
    const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
    return async (data) => encodeBase64(new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(data))));
  },
  async rsaSha256(pkcs1Pem) {
    const block = readPem(pkcs1Pem);
    if (block.label !== 'RSA PRIVATE KEY') throw new Error('the benchmark key is not a PKCS#1 PEM');
    const pkcs8 = pkcs1PrivateToPkcs8(block.der) as Uint8Array<ArrayBuffer>;
    const cryptoKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: RSA, hash: 'SHA-256' }, false, ['sign']);
    return (data) => {
      const bytes = encoder.encode(data);
      return async () => encodeBase64(new Uint8Array(await crypto.subtle.sign(RSA, cryptoKey, bytes)));
    };
  },
};
