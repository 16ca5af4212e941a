// Compiled by `pnpm typecheck` (never run): each `@ts-expect-error` line is a gateway client the
// types must refuse (the merchant's credentials are @paysign/protocol's one type). If the types stop
// refusing one, its directive is unused and the build fails.
import { createGatewayClient, type GatewayClientOptions, type GatewayClientSettings, type MerchantCredentials } from '@paysign/gateway';

const pem = '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----';
const settings: GatewayClientSettings = { baseUrl: 'https://sandbox.gate.example', endpointId: '1234' };

// What works: the settings with a control key, a private key, or both (one client per merchant).
createGatewayClient({ ...settings, login: 'merchant', controlKey: 'k' });
createGatewayClient({ ...settings, login: 'merchant', controlKey: 'k', privateKey: pem });
createGatewayClient({ ...settings, login: 'merchant', controlKey: 'k', privateKey: pem, signatureMethods: { transfer: 'HMAC-SHA1' } });
createGatewayClient({ ...settings, login: 'merchant', privateKey: pem, minimumRsaKeyBits: 4096 });
createGatewayClient({ ...settings, login: 'merchant', privateKey: pem, signatureMethod: 'RSA-SHA256' });
const merchant: MerchantCredentials = { login: 'merchant', privateKey: pem };
export const options: GatewayClientOptions = { ...settings, ...merchant, timeoutMs: 5_000 };

// @ts-expect-error an RSA client without a key
createGatewayClient({ ...settings, login: 'merchant', signatureMethod: 'RSA-SHA256' });
// @ts-expect-error transfer chosen as RSA-SHA256 without a private key
createGatewayClient({ ...settings, login: 'merchant', controlKey: 'k', signatureMethods: { transfer: 'RSA-SHA256' } });
// @ts-expect-error pan-eligibility/send chosen as HMAC-SHA1 without a control key
createGatewayClient({ ...settings, login: 'merchant', privateKey: pem, signatureMethods: { 'pan-eligibility/send': 'HMAC-SHA1' } });
// @ts-expect-error HMAC-SHA1 with a private key
createGatewayClient({ ...settings, login: 'merchant', signatureMethod: 'HMAC-SHA1', privateKey: pem });
// @ts-expect-error RSA-SHA256 with only a control key
createGatewayClient({ ...settings, login: 'merchant', signatureMethod: 'RSA-SHA256', controlKey: 'k' });
// @ts-expect-error a client without any key
createGatewayClient({ ...settings, login: 'merchant' });
// @ts-expect-error a client without a login
createGatewayClient({ ...settings, controlKey: 'k' });
