import { createHmac, createPrivateKey, sign } from 'node:crypto';
import type { Primitives } from './types.js';

/**
 * node:crypto (Node, Bun, Deno): `createHmac`, and `crypto.sign` with a prepared `KeyObject`.
 *
 * @example
 * ```ts
 * const mac = await nodeCryptoPrimitives.hmacSha1('key&');
 * mac('POST&...');
 * ```
 */
export const nodeCryptoPrimitives: Primitives = {
  id: 'node-crypto',
  label: 'node:crypto (floor)',
  async hmacSha1(key) {
    return (data) => createHmac('sha1', key).update(data).digest('base64');
  },
  async rsaSha256(pkcs1Pem) {
    const keyObject = createPrivateKey(pkcs1Pem);
    return (data) => {
      const bytes = Buffer.from(data);
      return () => sign('sha256', bytes, keyObject).toString('base64');
    };
  },
};
