import { describe, expect, it } from 'vitest';
import { defaultAdapter, OAuthError, verifyBaseString, type CryptoAdapter } from '@paysign/oauth-core/node';

// A custom adapter may only sign (an HSM, a KMS): it leaves out rsaPublic. Verifying an RSA
// signature with it must fail clearly, never answer false as if the signature were wrong.
const signingOnly: CryptoAdapter = {
  name: 'signing-only',
  synchronous: true,
  hmac: defaultAdapter.hmac,
  rsaPrivate: defaultAdapter.rsaPrivate,
  randomBytes: defaultAdapter.randomBytes,
};

describe('an adapter without rsaPublic', () => {
  it('refuses RSA verification with ADAPTER_UNAVAILABLE', async () => {
    const error = await verifyBaseString('GET&x&', 'AAAA', { signatureMethod: 'RSA-SHA256', publicKey: 'unused' }, signingOnly).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe('ADAPTER_UNAVAILABLE');
  });

  it('still verifies HMAC, which needs no public key', async () => {
    const { signBaseString } = await import('@paysign/oauth-core/node');
    const credentials = { signatureMethod: 'HMAC-SHA1', consumerSecret: 'control-key' } as const;
    const signature = await signBaseString('POST&x&a%3D1', credentials, signingOnly);
    expect(await verifyBaseString('POST&x&a%3D1', signature, credentials, signingOnly)).toBe(true);
    expect(await verifyBaseString('POST&x&a%3D2', signature, credentials, signingOnly)).toBe(false);
  });
});
