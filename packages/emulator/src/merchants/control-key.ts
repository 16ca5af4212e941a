import type { MerchantRegistry } from './merchant-registry.js';
import type { PaymentOwners } from './payment-owners.js';

/**
 * The control key that signs a recurring payment's callbacks. An owned payment is signed with its
 * owner's key or not at all (an RSA-only owner has none), never with another merchant's. A payment
 * no merchant owns yet: by the only merchant with a control key, if there is one, read from the
 * registry at the time of the callback, so merchants added later count too.
 *
 * @example
 * ```ts
 * const controlKeyFor = paymentControlKey(merchants, owners);
 * controlKeyFor('7701'); // its owner's control key
 * ```
 */
export function paymentControlKey(merchants: MerchantRegistry, owners: PaymentOwners): (recurringPaymentId: string) => string | undefined {
  return (id) => {
    const owner = owners.get(id);
    if (owner !== undefined) return merchants.get(owner.login)?.account.controlKey;
    const controlKeys = merchants.list().flatMap((merchant) => (merchant.account.controlKey === undefined ? [] : [merchant.account.controlKey]));
    return controlKeys.length === 1 ? controlKeys[0] : undefined;
  };
}
