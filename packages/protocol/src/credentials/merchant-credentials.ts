import type { PrivateKeyInput } from '@paysign/oauth-core';
import { GatewayValidationError } from '../errors.js';
import { gatewayOperations, type GatewayOperation } from '../operations/operations.js';
import type { ValidationIssue } from '../validation/issue.js';

/**
 * The gateway's two signature methods: HMAC-SHA1 with the merchant's control key, RSA-SHA256 with
 * the merchant's private key.
 *
 * @example
 * ```ts
 * import type { MerchantSignatureMethod } from '@paysign/protocol';
 *
 * const method: MerchantSignatureMethod = 'RSA-SHA256';
 * ```
 */
export type MerchantSignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256';

/**
 * A method chosen per operation, overriding the gateway's documented one
 * ({@link defaultSignatureMethod}): `{ transfer: 'HMAC-SHA1' }`. `M` is the methods the merchant's
 * keys allow.
 *
 * @example
 * ```ts
 * import type { SignatureMethodChoices } from '@paysign/protocol';
 *
 * const choices: SignatureMethodChoices = { transfer: 'HMAC-SHA1' };
 * ```
 */
export type SignatureMethodChoices<M extends MerchantSignatureMethod = MerchantSignatureMethod> = { readonly [O in GatewayOperation]?: M };

/**
 * A merchant with only the control key: every operation signs with HMAC-SHA1.
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
  /** The merchant control key: the HMAC-SHA1 consumer secret (and the callbacks' checksum key). */
  controlKey: string;
  /** Absent: a merchant with both keys is {@link DualKeyMerchantCredentials}. */
  privateKey?: undefined;
  /** HMAC-SHA1, the only method of a control key; may be left out. */
  signatureMethod?: 'HMAC-SHA1';
  /** Only HMAC-SHA1 can be chosen without a private key. */
  signatureMethods?: SignatureMethodChoices<'HMAC-SHA1'>;
}

/**
 * A merchant with only the private key whose public key the gateway holds: every operation signs
 * with RSA-SHA256.
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
  /** Absent: a merchant with both keys is {@link DualKeyMerchantCredentials}. */
  controlKey?: undefined;
  /** RSA-SHA256, the only method of a private key; may be left out. */
  signatureMethod?: 'RSA-SHA256';
  /** Only RSA-SHA256 can be chosen without a control key. */
  signatureMethods?: SignatureMethodChoices<'RSA-SHA256'>;
}

/**
 * A merchant with both keys, as the gateway documents it: pan-eligibility/send signs with
 * HMAC-SHA1 (the control key), update-recurring-payments and transfer with RSA-SHA256 (the
 * private key), unless `signatureMethods` (per operation) or `signatureMethod` (every operation)
 * says otherwise.
 *
 * @example
 * ```ts
 * import type { DualKeyMerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: DualKeyMerchantCredentials = { login: 'merchant-login', controlKey, privateKey: pem, signatureMethods: { transfer: 'HMAC-SHA1' } };
 * ```
 */
export interface DualKeyMerchantCredentials {
  /** The merchant login: sent as `oauth_consumer_key`. */
  login: string;
  /** The merchant control key: the HMAC-SHA1 consumer secret (and the callbacks' checksum key). */
  controlKey: string;
  /** The merchant's RSA private key (PKCS#1 or PKCS#8 PEM, JWK, CryptoKey, KeyObject). */
  privateKey: PrivateKeyInput;
  /** One method for every operation, instead of each operation's documented one. */
  signatureMethod?: MerchantSignatureMethod;
  /** A method per operation, over `signatureMethod` and the documented ones: `{ transfer: 'HMAC-SHA1' }`. */
  signatureMethods?: SignatureMethodChoices;
}

/**
 * The merchant's gateway credentials, one type for the gateway client, the edge proxy and the CLI:
 * the login with the control key, the private key, or both. Each operation signs with the method
 * the gateway documents for it when its key is there ({@link defaultSignatureMethod}), otherwise
 * with the key that is; `signatureMethods` chooses per operation. No key at all, or a method
 * chosen whose key is missing, does not compile (and {@link checkMerchantCredentials} refuses it).
 *
 * @example
 * ```ts
 * import type { MerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: MerchantCredentials = {
 *   login: 'merchant-login',
 *   controlKey: process.env.CONTROL_KEY ?? '', // pan-eligibility/send (HMAC-SHA1), and callbacks
 *   privateKey: process.env.PRIVATE_KEY ?? '', // update-recurring-payments and transfer (RSA-SHA256)
 * };
 * ```
 */
export type MerchantCredentials = HmacMerchantCredentials | RsaMerchantCredentials | DualKeyMerchantCredentials;

/**
 * Credentials that {@link checkMerchantCredentials} accepted: the keys given, and the method each
 * operation signs with (always one whose key is there).
 *
 * @example
 * ```ts
 * import { checkMerchantCredentials, type CheckedMerchantCredentials } from '@paysign/protocol';
 *
 * const merchant: CheckedMerchantCredentials = checkMerchantCredentials({ login: 'merchant-login', controlKey: 'k', privateKey: pem });
 * merchant.signatureMethods.transfer; // 'RSA-SHA256'
 * merchant.signatureMethods['pan-eligibility/send']; // 'HMAC-SHA1'
 * ```
 */
export interface CheckedMerchantCredentials {
  readonly login: string;
  readonly controlKey?: string;
  readonly privateKey?: PrivateKeyInput;
  /** The method each operation signs with. */
  readonly signatureMethods: Readonly<Record<GatewayOperation, MerchantSignatureMethod>>;
}

/**
 * The key one operation signs with, in `@paysign/oauth-core`'s `createSigner` terms:
 * `{ signatureMethod: 'HMAC-SHA1', consumerSecret }` or `{ signatureMethod: 'RSA-SHA256', privateKey }`.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core';
 * import { checkMerchantCredentials, signingKeyFor } from '@paysign/protocol';
 *
 * const merchant = checkMerchantCredentials({ login: 'merchant-login', controlKey, privateKey: pem });
 * const signer = createSigner({ consumerKey: merchant.login, ...signingKeyFor(merchant, 'transfer') }); // RSA-SHA256
 * ```
 */
export type OperationSigningKey =
  | { readonly signatureMethod: 'HMAC-SHA1'; readonly consumerSecret: string }
  | { readonly signatureMethod: 'RSA-SHA256'; readonly privateKey: PrivateKeyInput };

// The method the gateway's documentation shows for each operation (docs/gateway-api.md, "Signing
// examples"): pan-eligibility/send is signed with the control key, the two v4 operations with RSA.
const DOCUMENTED_METHOD: Readonly<Record<GatewayOperation, MerchantSignatureMethod>> = {
  'update-recurring-payments': 'RSA-SHA256',
  'pan-eligibility/send': 'HMAC-SHA1',
  transfer: 'RSA-SHA256',
};

/**
 * The method an operation signs with when nothing is chosen: the one the gateway documents for it
 * (pan-eligibility/send: HMAC-SHA1; update-recurring-payments and transfer: RSA-SHA256) when its
 * key is there, otherwise the method of the key that is.
 *
 * @example
 * ```ts
 * import { defaultSignatureMethod } from '@paysign/protocol';
 *
 * defaultSignatureMethod('transfer', { controlKey: true, privateKey: true }); // 'RSA-SHA256'
 * defaultSignatureMethod('transfer', { controlKey: true, privateKey: false }); // 'HMAC-SHA1'
 * ```
 */
export function defaultSignatureMethod(
  operation: GatewayOperation,
  keys: { readonly controlKey: boolean; readonly privateKey: boolean },
): MerchantSignatureMethod {
  const documented = DOCUMENTED_METHOD[operation];
  if (documented === 'HMAC-SHA1') return keys.controlKey ? 'HMAC-SHA1' : 'RSA-SHA256';
  return keys.privateKey ? 'RSA-SHA256' : 'HMAC-SHA1';
}

/**
 * The key and method `operation` signs with, for credentials {@link checkMerchantCredentials} accepted.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core';
 * import { checkMerchantCredentials, signingKeyFor } from '@paysign/protocol';
 *
 * const merchant = checkMerchantCredentials({ login: 'merchant-login', controlKey, privateKey: pem });
 * const signer = createSigner({ consumerKey: merchant.login, ...signingKeyFor(merchant, 'pan-eligibility/send') }); // HMAC-SHA1
 * ```
 */
export function signingKeyFor(merchant: CheckedMerchantCredentials, operation: GatewayOperation): OperationSigningKey {
  // checkMerchantCredentials only names a method whose key is there.
  return merchant.signatureMethods[operation] === 'HMAC-SHA1'
    ? { signatureMethod: 'HMAC-SHA1', consumerSecret: merchant.controlKey as string }
    : { signatureMethod: 'RSA-SHA256', privateKey: merchant.privateKey as PrivateKeyInput };
}

const KEY_OF: Readonly<Record<MerchantSignatureMethod, 'controlKey' | 'privateKey'>> = { 'HMAC-SHA1': 'controlKey', 'RSA-SHA256': 'privateKey' };

/**
 * Checks merchant credentials at run time, for callers the types do not reach (JavaScript,
 * configuration files, environment variables): a non-empty `login`; at least one key (a
 * non-empty `controlKey` string, a `privateKey`); a `signatureMethod` and each
 * `signatureMethods` entry naming one of the gateway's two methods, for one of its operations,
 * with that method's key given. Returns the keys with the method of every operation.
 * `at` prefixes each field name (`merchant` gives `merchant.privateKey`). Messages name the field
 * and the rule, never a key's value.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS`, one issue (rule `invalid-option`) per broken rule.
 * @example
 * ```ts
 * import { checkMerchantCredentials, GatewayValidationError } from '@paysign/protocol';
 *
 * try {
 *   checkMerchantCredentials({ login: 'merchant-login', controlKey: 'k', signatureMethods: { transfer: 'RSA-SHA256' } } as never, 'merchant');
 * } catch (error) {
 *   if (error instanceof GatewayValidationError) console.error(error.issues[0]?.field); // 'merchant.signatureMethods.transfer'
 * }
 * ```
 */
export function checkMerchantCredentials(credentials: MerchantCredentials, at?: string): CheckedMerchantCredentials {
  const name = (field: string) => (at === undefined || at === '' ? field : `${at}.${field}`);
  const issues: ValidationIssue[] = [];
  const invalid = (field: string, message: string) => issues.push({ field: name(field), rule: 'invalid-option', message });
  if (credentials === null || typeof credentials !== 'object') {
    const field = at === undefined || at === '' ? 'credentials' : at;
    throw new GatewayValidationError(
      [{ field, rule: 'invalid-option', message: `must give login and controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both` }],
      'INVALID_OPTIONS',
    );
  }
  const { login, controlKey, privateKey, signatureMethod, signatureMethods } = credentials as {
    login?: unknown;
    controlKey?: unknown;
    privateKey?: unknown;
    signatureMethod?: unknown;
    signatureMethods?: unknown;
  };
  if (typeof login !== 'string' || login === '') invalid('login', 'must be a non-empty string');
  const hasControlKey = controlKey !== undefined;
  const hasPrivateKey = privateKey !== undefined;
  if (hasControlKey && (typeof controlKey !== 'string' || controlKey === '')) invalid('controlKey', 'must be a non-empty string');
  if (hasPrivateKey && (privateKey === null || privateKey === '')) invalid('privateKey', 'must be a key (PEM text, JWK, CryptoKey or KeyObject)');
  if (!hasControlKey && !hasPrivateKey) invalid('controlKey', 'give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both');

  // A method is usable when its key is given; an unusable choice is refused, naming the option.
  const usable = (method: unknown, field: string): method is MerchantSignatureMethod => {
    if (method !== 'HMAC-SHA1' && method !== 'RSA-SHA256') {
      invalid(field, 'must be HMAC-SHA1 or RSA-SHA256');
      return false;
    }
    if ((method === 'HMAC-SHA1' ? hasControlKey : hasPrivateKey) || (!hasControlKey && !hasPrivateKey)) return true;
    invalid(field, `${method} signs with the ${KEY_OF[method]}, which is not given`);
    return false;
  };
  const methods = {} as Record<GatewayOperation, MerchantSignatureMethod>;
  const operations = Object.keys(gatewayOperations) as GatewayOperation[];
  const every = signatureMethod === undefined ? undefined : usable(signatureMethod, 'signatureMethod') ? signatureMethod : undefined;
  for (const operation of operations) methods[operation] = every ?? defaultSignatureMethod(operation, { controlKey: hasControlKey, privateKey: hasPrivateKey });
  if (signatureMethods !== undefined) {
    if (signatureMethods === null || typeof signatureMethods !== 'object' || Array.isArray(signatureMethods)) {
      invalid('signatureMethods', `must map operations (${operations.join(', ')}) to HMAC-SHA1 or RSA-SHA256`);
    } else {
      for (const [operation, method] of Object.entries(signatureMethods)) {
        if (!Object.hasOwn(gatewayOperations, operation)) {
          invalid(`signatureMethods[${JSON.stringify(operation)}]`, `is not a gateway operation (one of ${operations.join(', ')})`);
        } else if (method !== undefined && usable(method, `signatureMethods.${operation}`)) {
          methods[operation as GatewayOperation] = method;
        }
      }
    }
  }
  if (issues.length > 0) throw new GatewayValidationError(issues, 'INVALID_OPTIONS');
  return {
    login: login as string,
    ...(hasControlKey && { controlKey: controlKey as string }),
    ...(hasPrivateKey && { privateKey: privateKey as PrivateKeyInput }),
    signatureMethods: methods,
  };
}
