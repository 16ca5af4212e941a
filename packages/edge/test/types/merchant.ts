// Compiled by `pnpm typecheck` (never run): each `@ts-expect-error` line is a proxy merchant the
// types must refuse (`MerchantCredentials` is @paysign/protocol's one type, re-exported under the same
// name). If the types stop refusing one, its directive is unused and the build fails.
import type { MerchantCredentials, SigningProxyOptions } from '@paysign/edge';

const pem = '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----';
const rest: Omit<SigningProxyOptions, 'merchant'> = {
  gatewayUrl: 'https://sandbox.gate.example',
  callers: { bearerTokens: ['t'] },
  allow: { transfer: ['1234'] },
};

// What works, as edge users have written it (the method stated) and as the client takes it (left out).
export const accepted: SigningProxyOptions[] = [
  { ...rest, merchant: { login: 'merchant', signatureMethod: 'HMAC-SHA1', controlKey: 'k' } },
  { ...rest, merchant: { login: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: pem } },
  { ...rest, merchant: { login: 'merchant', privateKey: pem } },
];

// @ts-expect-error an RSA merchant without a key
export const rsaWithoutKey: SigningProxyOptions = { ...rest, merchant: { login: 'merchant', signatureMethod: 'RSA-SHA256' } };
const both = { login: 'merchant', controlKey: 'k', privateKey: pem };
// Both keys: each operation signs with the method the gateway documents for it.
export const bothKeys: SigningProxyOptions = { ...rest, merchant: both };
const rsaTransfer = { login: 'merchant', controlKey: 'k', signatureMethods: { transfer: 'RSA-SHA256' as const } };
// @ts-expect-error transfer chosen as RSA-SHA256 without a private key
export const rsaTransferWithoutKey: SigningProxyOptions = { ...rest, merchant: rsaTransfer };
const hmacWithKey = { login: 'merchant', signatureMethod: 'HMAC-SHA1' as const, privateKey: pem };
// @ts-expect-error HMAC-SHA1 with a private key
export const hmacWithPrivateKey: MerchantCredentials = hmacWithKey;
