// Compiled by `pnpm typecheck` (never run): each `@ts-expect-error` line is merchant credentials
// the one type must refuse. If the type stops refusing one, its directive is unused and the build
// fails. The gateway client's and the edge proxy's own lines are in their packages' test/types.
import type { CheckedMerchantCredentials, MerchantCredentials, MerchantSignatureMethod } from '@paysign/protocol';

const pem = '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----';

// What works: a control key, a private key, or both; a method chosen per operation where its key is there.
export const accepted: MerchantCredentials[] = [
  { login: 'merchant', controlKey: 'k' },
  { login: 'merchant', controlKey: 'k', signatureMethod: 'HMAC-SHA1' },
  { login: 'merchant', privateKey: pem },
  { login: 'merchant', privateKey: pem, signatureMethod: 'RSA-SHA256' },
  { login: 'merchant', controlKey: 'k', privateKey: pem },
  { login: 'merchant', controlKey: 'k', privateKey: pem, signatureMethods: { transfer: 'HMAC-SHA1', 'pan-eligibility/send': 'RSA-SHA256' } },
  { login: 'merchant', controlKey: 'k', privateKey: pem, signatureMethod: 'HMAC-SHA1' },
  { login: 'merchant', controlKey: 'k', signatureMethods: { transfer: 'HMAC-SHA1' } },
];

// @ts-expect-error an RSA merchant without a key
export const rsaWithoutKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'RSA-SHA256' };
// @ts-expect-error RSA-SHA256 with only a control key
export const rsaWithControlKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'RSA-SHA256', controlKey: 'k' };
// @ts-expect-error HMAC-SHA1 with only a private key
export const hmacWithPrivateKey: MerchantCredentials = { login: 'merchant', signatureMethod: 'HMAC-SHA1', privateKey: pem };
// @ts-expect-error transfer chosen as RSA-SHA256 without a private key
export const transferWithoutPrivateKey: MerchantCredentials = { login: 'merchant', controlKey: 'k', signatureMethods: { transfer: 'RSA-SHA256' } };
// @ts-expect-error pan-eligibility/send chosen as HMAC-SHA1 without a control key
export const panWithoutControlKey: MerchantCredentials = { login: 'merchant', privateKey: pem, signatureMethods: { 'pan-eligibility/send': 'HMAC-SHA1' } };
// @ts-expect-error not an operation of the gateway
export const unknownOperation: MerchantCredentials = { login: 'merchant', controlKey: 'k', privateKey: pem, signatureMethods: { refund: 'HMAC-SHA1' } };
// @ts-expect-error no key at all
export const noKey: MerchantCredentials = { login: 'merchant' };
// @ts-expect-error no key at all, even with methods chosen
export const noKeyWithMethods: MerchantCredentials = { login: 'merchant', signatureMethods: {} };
// @ts-expect-error the login is required
export const noLogin: MerchantCredentials = { controlKey: 'k' };
// @ts-expect-error not one of the gateway's two methods
export const plaintext: MerchantCredentials = { login: 'merchant', controlKey: 'k', signatureMethod: 'PLAINTEXT' };

// A choice made as a separate value (not an object literal, so no excess-property check helps).
const rsaTransfer = { transfer: 'RSA-SHA256' } as const;
const hmacOnly = { login: 'merchant', controlKey: 'k', signatureMethods: rsaTransfer };
// @ts-expect-error a value choosing RSA-SHA256 without a private key is refused too
export const rsaChoiceFromValues: MerchantCredentials = hmacOnly;

// The checked credentials name every operation's method; the keys may be absent.
export function methodOf(merchant: CheckedMerchantCredentials): MerchantSignatureMethod {
  // @ts-expect-error a key may be absent
  const key: string = merchant.controlKey;
  void key;
  // @ts-expect-error not an operation of the gateway
  void merchant.signatureMethods.refund;
  return merchant.signatureMethods.transfer;
}
