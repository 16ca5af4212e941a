import { EmulatorError } from '../errors.js';
import { registerMerchant, type MerchantAccount, type RegisteredMerchant } from './merchant-account.js';

/**
 * The merchants an emulator knows, by login.
 *
 * @example
 * ```ts
 * import type { MerchantRegistry } from '@paysign/emulator';
 *
 * const registry: MerchantRegistry = emulator.merchants;
 * registry.add({ login: 'second-merchant', controlKey: 'other-key', endpointIds: ['5678'] });
 * registry.addPublicKey('merchant-rsa', rotatedPublicKeyPem); // both keys verify during the rotation
 * ```
 */
export interface MerchantRegistry {
  /** Registers a merchant; its login must be new. */
  add(account: MerchantAccount): void;
  /** Adds an RSA public key to a registered merchant (as the support manager does when sent one). */
  addPublicKey(login: string, publicKeyPem: string): void;
  get(login: string): RegisteredMerchant | undefined;
  /** Every registered merchant, in the order they were added. */
  list(): RegisteredMerchant[];
}

/**
 * Creates a registry holding `accounts`.
 *
 * @example
 * ```ts
 * import { createMerchantRegistry } from '@paysign/emulator';
 *
 * const registry = createMerchantRegistry([{ login: 'merchant', controlKey: 'key', endpointIds: ['1234'] }]);
 * registry.get('merchant')?.account.login; // 'merchant'
 * ```
 */
export function createMerchantRegistry(accounts: readonly MerchantAccount[] = []): MerchantRegistry {
  const byLogin = new Map<string, RegisteredMerchant>();
  const registry: MerchantRegistry = {
    add(account) {
      // Checked first, so that an account that is no object is refused as such, not read.
      const registered = registerMerchant(account);
      const { login } = registered.account;
      if (byLogin.has(login)) throw new EmulatorError('INVALID_MERCHANT', `merchant ${login} is already registered`);
      byLogin.set(login, registered);
    },
    addPublicKey(login, publicKeyPem) {
      const current = byLogin.get(login);
      if (!current) throw new EmulatorError('INVALID_MERCHANT', `merchant ${login} is not registered`);
      // A new record object, so the verifier imports the new key set instead of reusing its cache.
      byLogin.set(login, registerMerchant({ ...current.account, publicKeys: [...(current.account.publicKeys ?? []), publicKeyPem] }));
    },
    get(login) {
      return byLogin.get(login);
    },
    list() {
      return [...byLogin.values()];
    },
  };
  for (const account of accounts) registry.add(account);
  return registry;
}
