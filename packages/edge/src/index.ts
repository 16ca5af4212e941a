// @paysign/edge: a signing proxy for the CDN. Callers in, checks in order, signed request out.
export { EdgeError, isEdgeError, type EdgeErrorCode } from './errors.js';
export { createSigningProxy, STRIPPED_HEADER, type SigningProxy } from './create-signing-proxy.js';
export type { CallerAuthOptions, MerchantCredentials, ProxyEvent, SigningProxyOptions } from './options.js';

// Callers: how the merchant's back ends authenticate
export { signCallerRequest, SIGNATURE_HEADER, TIMESTAMP_HEADER, type CallerRequest } from './caller/request-hmac.js';

// What may pass, and what a refusal looks like
export type { Allowlist } from './request/route.js';
export { validateOperation, type OperationValidator } from './validation/validate-request.js';
export type { ErrorBody, ReportedIssue } from './reply/json-error.js';
export type { UpstreamFetch } from './upstream/forward.js';

// Platforms read the same environment variables
export { optionsFromEnv, type ProxyEnv } from './platforms/env.js';
export type { ProxyOverrides } from './platforms/lazy-proxy.js';
