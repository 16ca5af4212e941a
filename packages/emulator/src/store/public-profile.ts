import { maskPan, REDACTED as PROTOCOL_REDACTED } from '@paysign/protocol';
import { NOTIFY_URL_CSV_ALIAS, recurringPaymentFields, sensitivityOf } from '@paysign/protocol/wire';
import type { ProfileFields } from './profile-store.js';

/** What the profile route shows instead of a personal value: that the field is set, not what it holds (@paysign/protocol's form). */
export const REDACTED: string = PROTOCOL_REDACTED;

// The unauthenticated profile route shows the fields of the spec's table as stored (schedule,
// amounts, ids, coarse location, callbacks), except what the table marks sensitive: the card
// number masked, the CVV and the payer's personal data redacted. A column the table does not
// know is redacted too: it could hold anything.
function shownAs(name: string, value: string): string {
  const sensitivity = sensitivityOf(name);
  if (sensitivity === 'card-number') return maskPan(value);
  if (sensitivity !== undefined || !KNOWN.has(name)) return REDACTED;
  return value;
}

const KNOWN: ReadonlySet<string> = /* @__PURE__ */ new Set<string>([...recurringPaymentFields.map((field) => field.wire), NOTIFY_URL_CSV_ALIAS]);

/**
 * A stored profile's fields as the unauthenticated `GET .../emulator/recurring-payments/{id}`
 * route shows them: operational fields as stored, the card number masked as first 6 + last 4,
 * and every other field (personal data, and names it does not know) as `[redacted]`.
 *
 * @example
 * ```ts
 * publicProfileFields({ 'recurring-payment-id': 'rp-1', 'credit-card-number': '4111111111111111', ssn: '078-05-1120', amount: '10.00' });
 * // { 'recurring-payment-id': 'rp-1', 'credit-card-number': '411111******1111', ssn: '[redacted]', amount: '10.00' }
 * ```
 */
export function publicProfileFields(fields: ProfileFields): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) shown[name] = shownAs(name, value);
  return shown;
}
