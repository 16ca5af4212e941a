import { maskPan } from '../mask.js';
import type { ProfileFields } from './profile-store.js';

/** What the profile route shows instead of a personal value: that the field is set, not what it holds. */
export const REDACTED = '[redacted]';

// The fields the unauthenticated profile route shows as stored: schedule, amounts, ids, coarse
// location and callbacks. Everything else (names, e-mail, phone, SSN, birthday, address, postal
// code, IP address, cvv2, columns the emulator does not know) is personal or unknown: redacted.
const SHOWN = new Set([
  'recurring-payment-id',
  'client-orderid',
  'payment-description',
  'order_desc',
  'purpose',
  'type',
  'period',
  'interval',
  'start-date',
  'finish-date',
  'max-repeats-number',
  'current-repeats-number',
  'amount',
  'amount-from',
  'amount-to',
  'amount-sequence',
  'currency',
  'expire-month',
  'expire-year',
  'country',
  'state',
  'city',
  'notify_url',
  'notify-url',
  'server_callback_url',
]);

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
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'credit-card-number') shown[name] = maskPan(value);
    else shown[name] = SHOWN.has(name) ? value : REDACTED;
  }
  return shown;
}
