import type { PrivateKeyInput } from '@paysign/oauth-core';
import { GatewayValidationError } from '../errors.js';
import type { ValidationIssue } from '../validation/issue.js';

/**
 * A merchant that signs with HMAC-SHA1: the login and the control key. A private key is refused
 * here, by the type and by {@link checkMerchantCredentials}: one merchant signs one way.
 *
 * @example
 * ```ts
 * import type { HmacMerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: HmacMerchantCredentials = { login: 'merchant-login', controlKey: 'the-control-key' };
 * ```
 */
export interface HmacMerchantCredentials {
  /** The merchant login: sent as `oauth_consumer_key`. */
  login: string;
  /** The merchant control key: the HMAC-SHA1 consumer secret. */
  controlKey: string;
  /** HMAC-SHA1, the method of a merchant with a control key; may be left out. */
  signatureMethod?: 'HMAC-SHA1';
  /** Not with a control key: give `controlKey` or `privateKey`, not both. */
  privateKey?: never;
}

/**
 * A merchant that signs with RSA-SHA256: the login and the private key whose public key the
 * gateway holds. A control key is refused here, by the type and by {@link checkMerchantCredentials}.
 *
 * @example
 * ```ts
 * import type { RsaMerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: RsaMerchantCredentials = { login: 'merchant-login', privateKey: pem };
 * ```
 */
export interface RsaMerchantCredentials {
  /** The merchant login: sent as `oauth_consumer_key`. */
  login: string;
  /** The merchant's RSA private key (PKCS#1 or PKCS#8 PEM, JWK, CryptoKey, KeyObject). */
  privateKey: PrivateKeyInput;
  /** RSA-SHA256, the method of a merchant with a private key; may be left out. */
  signatureMethod?: 'RSA-SHA256';
  /** Not with a private key: give `controlKey` or `privateKey`, not both. */
  controlKey?: never;
}

/**
 * The merchant's gateway credentials, one type for the gateway client, the edge proxy and the CLI:
 * the login and either the control key (HMAC-SHA1) or the private key (RSA-SHA256). The method
 * follows from the key (a `privateKey` signs with RSA-SHA256); a `signatureMethod` given must be
 * that key's. An RSA merchant without a key, a merchant with both keys, and HMAC-SHA1 with a
 * private key do not compile.
 *
 * @example
 * ```ts
 * import type { MerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: MerchantCredentials = process.env.PRIVATE_KEY
 *   ? { login: 'merchant-login', privateKey: process.env.PRIVATE_KEY }
 *   : { login: 'merchant-login', controlKey: process.env.CONTROL_KEY ?? '' };
 * ```
 */
export type MerchantCredentials = HmacMerchantCredentials | RsaMerchantCredentials;

/**
 * Credentials that {@link checkMerchantCredentials} accepted: the method named, only the key it
 * signs with kept.
 *
 * @example
 * ```ts
 * import { checkMerchantCredentials, type CheckedMerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: CheckedMerchantCredentials = checkMerchantCredentials({ login: 'merchant-login', controlKey: 'k' });
 * const secret = merchant.signatureMethod === 'HMAC-SHA1' ? merchant.controlKey : merchant.privateKey;
 * ```
 */
export type CheckedMerchantCredentials =
  | { readonly login: string; readonly signatureMethod: 'HMAC-SHA1'; readonly controlKey: string }
  | { readonly login: string; readonly signatureMethod: 'RSA-SHA256'; readonly privateKey: PrivateKeyInput };

/**
 * Checks merchant credentials at run time, for callers the types do not reach (JavaScript,
 * configuration files, environment variables): a non-empty `login`; a `signatureMethod`, when
 * given, of the gateway's two; the key of the method (a `privateKey` means RSA-SHA256, otherwise
 * HMAC-SHA1 with the `controlKey`), and not the other one. Returns them with the method named.
 * `at` prefixes each field name (`merchant` gives `merchant.privateKey`). Messages name the field
 * and the rule, never a key's value.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS`, one issue (rule `invalid-option`) per broken rule.
 * @example
 * ```ts
 * import { checkMerchantCredentials, GatewayValidationError } from '@paysign/protocol';
 *
 * try {
 *   checkMerchantCredentials({ login: 'merchant-login', signatureMethod: 'RSA-SHA256' } as never, 'merchant');
 * } catch (error) {
 *   if (error instanceof GatewayValidationError) console.error(error.issues[0]?.field); // 'merchant.privateKey'
 * }
 * ```
 */
export function checkMerchantCredentials(credentials: MerchantCredentials, at?: string): CheckedMerchantCredentials {
  const name = (field: string) => (at === undefined || at === '' ? field : `${at}.${field}`);
  const issues: ValidationIssue[] = [];
  const invalid = (field: string, message: string) => issues.push({ field: name(field), rule: 'invalid-option', message: `${name(field)}: ${message}` });
  if (credentials === null || typeof credentials !== 'object') {
    const field = at === undefined || at === '' ? 'credentials' : at;
    throw new GatewayValidationError(
      [{ field, rule: 'invalid-option', message: `${field}: must give login and controlKey (HMAC-SHA1) or privateKey (RSA-SHA256)` }],
      'INVALID_OPTIONS',
    );
  }
  const { login, controlKey, privateKey } = credentials as { login?: unknown; controlKey?: unknown; privateKey?: unknown };
  if (typeof login !== 'string' || login === '') invalid('login', 'must be a non-empty string');
  const signatureMethod: unknown = credentials.signatureMethod ?? (privateKey !== undefined ? 'RSA-SHA256' : 'HMAC-SHA1');
  if (signatureMethod === 'HMAC-SHA1') {
    if (typeof controlKey !== 'string' || controlKey === '') invalid('controlKey', 'is required for HMAC-SHA1 (or give a privateKey for RSA-SHA256)');
    if (privateKey !== undefined) invalid('privateKey', 'HMAC-SHA1 signs with the controlKey: give controlKey or privateKey, not both');
  } else if (signatureMethod === 'RSA-SHA256') {
    if (privateKey === undefined || privateKey === null || privateKey === '') invalid('privateKey', 'is required for RSA-SHA256');
    if (controlKey !== undefined) invalid('controlKey', 'RSA-SHA256 signs with the privateKey: give controlKey or privateKey, not both');
  } else {
    invalid('signatureMethod', 'must be HMAC-SHA1 or RSA-SHA256');
  }
  if (issues.length > 0) throw new GatewayValidationError(issues, 'INVALID_OPTIONS');
  return signatureMethod === 'HMAC-SHA1'
    ? { login: login as string, signatureMethod, controlKey: controlKey as string }
    : { login: login as string, signatureMethod: 'RSA-SHA256', privateKey: privateKey as PrivateKeyInput };
}
