import { hmacAdapter } from '../adapters/webcrypto-hmac.js';
import { encodePairNative } from '../encoding/encode-pair.js';
import { prepareHmacSigning } from '../methods/prepare.js';
import type { HashName, SecretCredentials } from '../types.js';
import { createAsyncSignerWith, type Signer, type SignerLayoutOptions } from './create-signer.js';
import { oneOf } from './request-body.js';

/**
 * The HMAC signature methods.
 *
 * @example
 * ```ts
 * const method: HmacSignatureMethod = 'HMAC-SHA256';
 * ```
 */
export type HmacSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512';

const HMAC_METHODS: readonly HmacSignatureMethod[] = ['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512'];

/**
 * An HMAC signer's options: those of `createSigner`, with the method defaulting to `HMAC-SHA1`.
 *
 * @example
 * ```ts
 * const options: HmacSignerOptions = { consumerKey: 'merchant-login', consumerSecret: controlKey };
 * createHmacSigner(options); // HMAC-SHA1 by default
 * ```
 */
export type HmacSignerOptions = SignerLayoutOptions & Omit<SecretCredentials, 'signatureMethod'> & { signatureMethod?: HmacSignatureMethod };

/**
 * Creates the edge HMAC signer: `createSigner`'s steps, bound to crypto.subtle's HMAC, so its
 * output is byte for byte that of `createSigner` with the same options, and it refuses what
 * `createSigner` refuses. For RSA or `signSync`, use `createSigner` from `@paysign/oauth-core`.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET` or `INVALID_PARAMETER`.
 * @example
 * ```ts
 * import { createHmacSigner } from '@paysign/oauth-core/hmac';
 * const signer = createHmacSigner({ consumerKey: env.LOGIN, consumerSecret: env.CONTROL_KEY, oauthParamsInBody: true });
 * const signed = await signer.sign({ url: 'https://gate.example/payment/api/v4/transfer/42', params: { amount: '10.00' } });
 * await fetch(signed.url, { method: 'POST', headers: signed.headers, body: signed.body });
 * ```
 */
export function createHmacSigner(options: HmacSignerOptions): Signer {
  const signatureMethod = options?.signatureMethod ?? 'HMAC-SHA1';
  oneOf(signatureMethod, HMAC_METHODS, 'signatureMethod', 'options', 'UNSUPPORTED_SIGNATURE_METHOD');
  // 'HMAC-SHA1' signs with 'SHA-1', 'HMAC-SHA256' with 'SHA-256', 'HMAC-SHA512' with 'SHA-512'.
  const method = { kind: 'hmac', hash: `SHA-${signatureMethod.slice(8)}` as HashName } as const;
  return createAsyncSignerWith(
    hmacAdapter,
    { ...options, signatureMethod },
    {
      method,
      prepare: (credentials, adapter) => prepareHmacSigning(credentials, adapter, method.hash),
      encodePair: encodePairNative,
    },
  );
}
