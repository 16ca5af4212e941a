import { sensitivityOf } from '../model/sensitive-fields.js';
import { maskPan } from './mask-pan.js';
import { isMasked, maskCardVerification, maskPayload, REDACTED } from './masked-forms.js';
import { redactCardData } from './redact-card-data.js';

/**
 * One request parameter as it may be shown: by what its name holds in the gateway's field tables
 * (a card number as {@link maskPan}, a CVV as stars, personal data as `[redacted]`), the
 * `payload` of update-recurring-payments as its length ({@link maskPayload}), and every other
 * value through {@link redactCardData}.
 *
 * @example
 * ```ts
 * maskParameter('credit_card_number', '4111 1111 1111 1111'); // '411111******1111'
 * maskParameter('cvv2', '987'); // '***'
 * maskParameter('email', 'a@b.example'); // '[redacted]'
 * maskParameter('order_desc', 'card 4111111111111111'); // 'card 411111******1111'
 * ```
 */
export function maskParameter(name: string, value: string): string {
  if (value === '') return value;
  // Shown once already (a masked base string read back): masked forms stay as they are, any card
  // number beside them is still masked.
  if (isMasked(value)) return redactCardData(value);
  const sensitivity = sensitivityOf(name);
  if (sensitivity === 'card-number') return maskPan(value);
  if (sensitivity === 'card-verification') return maskCardVerification(value);
  if (sensitivity === 'personal') return REDACTED;
  if (name === 'payload') return maskPayload(value);
  return redactCardData(value);
}
