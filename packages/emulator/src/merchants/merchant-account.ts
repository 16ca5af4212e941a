// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import type { ConsumerRecord } from '@paysign/oauth-core';
import { readPublicKey } from '@paysign/oauth-core/keys';
import { EmulatorError } from '../errors.js';

/**
 * A merchant as the gateway knows it: how it signs, where it may send, in which currency.
 *
 * @example
 * ```ts
 * import { createEmulator, type MerchantAccount } from '@paysign/emulator';
 *
 * const rsaMerchant: MerchantAccount = {
 *   login: 'merchant-rsa',
 *   publicKeys: [await Deno.readTextFile('public-key.pem')],
 *   endpointIds: ['1234'],
 *   currency: 'EUR',
 * };
 * const emulator = createEmulator({ merchants: [rsaMerchant] });
 * ```
 */
export interface MerchantAccount {
  /** The merchant login: `oauth_consumer_key` of its requests. */
  login: string;
  /** The control key: the HMAC-SHA1 consumer secret. */
  controlKey?: string;
  /** Public keys for RSA-SHA256, as SPKI (`BEGIN PUBLIC KEY`) or PKCS#1 (`BEGIN RSA PUBLIC KEY`) PEM; several during a rotation. */
  publicKeys?: readonly string[];
  /** The endpoint ids assigned to this merchant (the last path segment of every operation). */
  endpointIds: readonly string[];
  /** The project currency (ISO 4217); when set, a recurring payment's `currency` must equal it (spec rule 7). */
  currency?: string;
  /**
   * Where the gateway calls back about this merchant's transfers and pan-eligibility checks (an
   * http or https URL), as a gateway's endpoint settings hold it: the spec gives these operations
   * no callback parameter. Without it their outcomes are not called back.
   */
  callbackUrl?: string;
}

/**
 * A merchant account checked and ready to verify requests with.
 *
 * @example
 * ```ts
 * import type { RegisteredMerchant } from '@paysign/emulator';
 *
 * const merchant: RegisteredMerchant | undefined = emulator.merchants.get('merchant');
 * console.log(merchant?.account.endpointIds); // ['1234']
 * ```
 */
export interface RegisteredMerchant {
  readonly account: Readonly<MerchantAccount>;
  readonly consumer: ConsumerRecord;
}

const MINIMUM_RSA_BITS = 2048;

/** Checks a merchant account and builds the verifier's consumer record for it, once. */
export function registerMerchant(account: MerchantAccount): RegisteredMerchant {
  if (typeof account?.login !== 'string' || account.login === '') {
    throw new EmulatorError('INVALID_MERCHANT', 'merchant.login must be a non-empty string');
  }
  const where = `merchant ${account.login}`;
  if (!Array.isArray(account.endpointIds) || account.endpointIds.length === 0 || account.endpointIds.some((id) => typeof id !== 'string' || id === '')) {
    throw new EmulatorError('INVALID_MERCHANT', `${where}: endpointIds must be a non-empty list of non-empty strings`);
  }
  if (account.controlKey !== undefined && (typeof account.controlKey !== 'string' || account.controlKey === '')) {
    throw new EmulatorError('INVALID_MERCHANT', `${where}: controlKey must be a non-empty string`);
  }
  if (account.callbackUrl !== undefined) {
    const url = typeof account.callbackUrl === 'string' && URL.canParse(account.callbackUrl) ? new URL(account.callbackUrl) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new EmulatorError('INVALID_MERCHANT', `${where}: callbackUrl must be an http: or https: URL`);
    }
  }
  const publicKeys = account.publicKeys ?? [];
  publicKeys.forEach((pem, index) => {
    try {
      readPublicKey(pem, MINIMUM_RSA_BITS);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'INVALID_KEY';
      throw new EmulatorError('INVALID_MERCHANT', `${where}: publicKeys[${index}] is not a usable RSA public key (${code})`);
    }
  });
  if (account.controlKey === undefined && publicKeys.length === 0) {
    throw new EmulatorError('INVALID_MERCHANT', `${where}: needs a controlKey (HMAC-SHA1) or publicKeys (RSA-SHA256)`);
  }
  const frozen = Object.freeze({ ...account, endpointIds: Object.freeze([...account.endpointIds]), publicKeys: Object.freeze([...publicKeys]) });
  const consumer: ConsumerRecord = {
    signatureMethods: [...(account.controlKey !== undefined ? (['HMAC-SHA1'] as const) : []), ...(publicKeys.length > 0 ? (['RSA-SHA256'] as const) : [])],
    minimumRsaKeyBits: MINIMUM_RSA_BITS,
    ...(account.controlKey !== undefined && { consumerSecret: account.controlKey }),
    ...(publicKeys.length > 0 && { publicKey: [...publicKeys] }),
  };
  return { account: frozen, consumer };
}
