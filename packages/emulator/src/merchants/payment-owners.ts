/**
 * The merchant a recurring payment belongs to: the login and the endpoint id it was created
 * through. A payment is its `recurring-payment-id` (the gateway's id, unique in the emulator)
 * scoped by this owner: any other login, or the same login through another endpoint, is answered
 * as if the id did not exist.
 *
 * @example
 * ```ts
 * import type { PaymentOwner } from '@paysign/emulator';
 *
 * const owner: PaymentOwner | undefined = emulator.owners.get('7701');
 * console.log(owner?.login, owner?.endpointId); // 'merchant' '1234'
 * ```
 */
export interface PaymentOwner {
  readonly login: string;
  readonly endpointId: string;
}

/**
 * Who owns which recurring payment. A payment gets its owner once, when it is created with one
 * (`POST /emulator/recurring-payments?login=L&endpoint=E`) or, when it was loaded without one
 * (`profiles`, `--profiles`, the admin API without `login`), with the first update a merchant
 * makes to it; an owner is never changed.
 *
 * @example
 * ```ts
 * import type { PaymentOwners } from '@paysign/emulator';
 *
 * const owners: PaymentOwners = emulator.owners;
 * owners.allows('7701', { login: 'merchant', endpointId: '1234' }); // true: its owner, or it has none yet
 * ```
 */
export interface PaymentOwners {
  /** The owner of `id`, or `undefined` while no merchant owns it. */
  get(id: string): PaymentOwner | undefined;
  /** Whether `who` may see and change `id`: it is the owner (same login and endpoint), or `id` has no owner yet. */
  allows(id: string, who: PaymentOwner): boolean;
  /** Makes `who` the owner of `id` unless `id` has one; never replaces an owner. */
  claim(id: string, who: PaymentOwner): void;
}

/**
 * An empty ownership table (in memory, as the emulator's default store).
 *
 * @example
 * ```ts
 * const owners = createPaymentOwners();
 * owners.claim('7701', { login: 'merchant-a', endpointId: '1001' });
 * owners.allows('7701', { login: 'merchant-b', endpointId: '2002' }); // false
 * ```
 */
export function createPaymentOwners(): PaymentOwners {
  const byId = new Map<string, PaymentOwner>();
  // One frozen owner per login and endpoint, shared by all of its payments (a restored state of
  // 100,000 payments holds a handful of owners, not 100,000 copies).
  const shared = new Map<string, PaymentOwner>();
  return {
    get: (id) => byId.get(id),
    allows(id, who) {
      const owner = byId.get(id);
      return owner === undefined || (owner.login === who.login && owner.endpointId === who.endpointId);
    },
    claim(id, who) {
      if (byId.has(id)) return;
      const key = JSON.stringify([who.login, who.endpointId]);
      let owner = shared.get(key);
      if (owner === undefined) {
        owner = Object.freeze({ login: who.login, endpointId: who.endpointId });
        shared.set(key, owner);
      }
      byId.set(id, owner);
    },
  };
}
