import type { ProfileFields } from './profile-store.js';

/** Fields that may be sent but are never kept: card verification data must not be stored after authorisation (PCI DSS 3.2). */
export const NEVER_STORED: ReadonlySet<string> = new Set(['cvv2']);

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
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (!NEVER_STORED.has(name)) kept[name] = value;
  return kept;
}
