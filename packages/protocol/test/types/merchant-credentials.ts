// Compiled by `pnpm typecheck` (never run): each `@ts-expect-error` line is merchant credentials
// the one type must refuse. If the type stops refusing one, its directive is unused and the build
// fails. The gateway client's and the edge proxy's own lines are in their packages' test/types.
import type { CheckedMerchantCredentials, MerchantCredentials } from '@paysign/protocol';

const pem = '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----';

// What works: a control key (HMAC-SHA1) or a private key (RSA-SHA256), the method stated or not.
export const accepted: MerchantCredentials[] = [
  { login: 'merchant', controlKey: 'k' },
  { login: 'merchant', controlKey: 'k', signatureMethod: 'HMAC-SHA1' },
  { login: 'merchant', privateKey: pem },
  { login: 'merchant', privateKey: pem, signatureMethod: 'RSA-SHA256' },
];

// @ts-expect-error an RSA merchant without a key
export const rsaWithoutKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'RSA-SHA256' };
// @ts-expect-error a merchant with both keys
export const bothKeys: MerchantCredentials = { login: 'merchant', controlKey: 'k', privateKey: pem };
// @ts-expect-error HMAC-SHA1 with a private key
export const hmacWithPrivateKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'HMAC-SHA1', privateKey: pem };
// @ts-expect-error RSA-SHA256 with a control key
export const rsaWithControlKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'RSA-SHA256', controlKey: 'k' };
// @ts-expect-error no key at all
export const noKey: MerchantCredentials = { login: 'merchant' };
// @ts-expect-error the login is required
export const noLogin: MerchantCredentials = { controlKey: 'k' };
// @ts-expect-error not one of the gateway's two methods
export const plaintext: MerchantCredentials = { login: 'merchant', controlKey: 'k', signatureMethod: 'PLAINTEXT' };

// Both keys as separate values (not an object literal, so no excess-property check helps).
const hmac = { login: 'merchant', controlKey: 'k' };
const withKey = { ...hmac, privateKey: pem };
// @ts-expect-error a value with both keys is refused too
export const bothKeysFromValues: MerchantCredentials = withKey;

// The checked credentials name the method, and the method says which key is there.
export function keyOf(merchant: CheckedMerchantCredentials): string | object {
  if (merchant.signatureMethod === 'HMAC-SHA1') {
    // @ts-expect-error an HMAC merchant has no private key
    void merchant.privateKey;
    return merchant.controlKey;
  }
  return merchant.privateKey;
}
