import type { FieldSensitivity, FieldSpec } from './field-spec.js';
import { recurringPaymentFields } from './recurring-payment-fields.js';
import { panEligibilitySendFields, transferFields } from './transfer-fields.js';

// Read off the field tables' `sensitive` attribute: one list for the client's redacted base string,
// validation messages, the emulator's storage and its public views.
const byWireName: ReadonlyMap<string, FieldSensitivity> = /* @__PURE__ */ new Map(
  ([...recurringPaymentFields, ...transferFields, ...panEligibilitySendFields] as readonly FieldSpec[]).flatMap((field) =>
    field.sensitive === undefined ? [] : [[field.wire, field.sensitive] as const],
  ),
);

/**
 * The sensitive data a wire field holds, by its exact wire name in any operation's table
 * (`credit-card-number`, `credit_card_number`, `destination-card-no`: `'card-number'`; `cvv2`:
 * `'card-verification'`; `first-name`, `email`, `ssn`, ...: `'personal'`); `undefined` for every
 * other name.
 *
 * @example
 * ```ts
 * sensitivityOf('credit_card_number'); // 'card-number'
 * sensitivityOf('cvv2'); // 'card-verification'
 * sensitivityOf('email'); // 'personal'
 * sensitivityOf('amount'); // undefined
 * ```
 */
export function sensitivityOf(wireName: string): FieldSensitivity | undefined {
  return byWireName.get(wireName);
}
