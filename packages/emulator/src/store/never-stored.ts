import { sensitivityOf } from '@paysign/protocol/wire';
import type { ProfileFields } from './profile-store.js';

/**
 * Whether a field may be sent but is never kept: card verification data must not be stored after
 * authorisation (PCI DSS 3.2). The spec's field tables say which fields hold it (`cvv2`).
 *
 * @example
 * ```ts
 * isNeverStored('cvv2'); // true
 * isNeverStored('amount'); // false
 * ```
 */
export function isNeverStored(name: string): boolean {
  return sensitivityOf(name) === 'card-verification';
}

/**
 * `fields` without the card verification data (`cvv2`): what every write path of the emulator
 * stores (update rows, the admin API, `profiles` and `--profiles`).
 *
 * @example
 * ```ts
 * withoutNeverStored({ 'recurring-payment-id': 'rp-1', cvv2: '123' }); // { 'recurring-payment-id': 'rp-1' }
 * ```
 */
export function withoutNeverStored(fields: ProfileFields): Record<string, string> {
  // A frozen object with nothing to drop is kept as it is: nobody can change it, and a restored
  // state's payments (100,000 in the bench) are not held twice while the emulator starts.
  if (Object.isFrozen(fields) && !Object.keys(fields).some(isNeverStored)) return fields as Record<string, string>;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (!isNeverStored(name)) kept[name] = value;
  return kept;
}
