// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import type { CodecErrorCode } from '@paysign/payload-codec';

type Kebab<Code extends string> = Code extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}-${Kebab<Tail>}` : Lowercase<Code>;

// Why the `payload` of update-recurring-payments cannot be read: payload-codec's CodecErrorCode in
// kebab case (`invalid-base64`, `unknown-header`, `ragged-row`, ...).
export type PayloadRule = Kebab<CodecErrorCode>;
/**
 * The rule a validation issue breaks. Stable across versions: match on it, not on the message.
 * `specRule` on the issue gives the number of the spec's rule (1-11) where there is one.
 *
 * @example
 * ```ts
 * import { GatewayValidationError, type ValidationRule } from '@paysign/gateway';
 *
 * const cardRules: ValidationRule[] = ['luhn', 'expire-month-range', 'cvv-format'];
 * try {
 *   await client.transfer(request);
 * } catch (error) {
 *   if (error instanceof GatewayValidationError && error.issues.some((issue) => cardRules.includes(issue.rule))) askForTheCardAgain();
 * }
 * ```
 */
export type ValidationRule =
  | 'required' // a required field is missing or empty (field table, necessity R)
  | 'type' // the value is not of the field's type (a JavaScript value of the wrong kind)
  | 'max-length' // longer than the field table allows (counted in Unicode characters)
  | 'min-length' // shorter than the field table allows (state: 2-3)
  | 'digits' // a Numeric field holds something other than digits 0-9
  | 'decimal' // an amount is not a decimal such as 10 or 10.42
  | 'integer' // an Int field is not a whole number 0, 1, 2, ...
  | 'boolean' // a boolean field is not true or false
  | 'url' // not an absolute http(s) URL
  | 'ip-address' // not an IPv4 address (no leading zeros) or an IPv6 address (transfer's ipaddress)
  | 'date-format' // not DD.MM.YYYY
  | 'calendar-date' // DD.MM.YYYY that does not exist (31.04.2025, 29.02.2025)
  | 'luhn' // a card number whose check digit is wrong
  | 'expire-month-range' // expire-month outside 1-12
  | 'cvv-format' // a CVV that is not 3 or 4 digits
  | 'currency-format' // a currency that is not three capital letters (ISO 4217)
  | 'currency-project' // rule 7: the currency differs from the project's
  | 'amount-mode' // rule 1: none, or more than one, amount mode; or half a random range
  | 'amount-range' // rule 2: amount-from above amount-to
  | 'period-interval' // rule 4: period without interval or the reverse
  | 'period-value' // rule 5: period other than day, week, month
  | 'interval-positive' // rule 6: interval below 1
  | 'callback-exclusive' // rule 8: notify_url together with server_callback_url
  | 'callback-alias' // notify_url and its CSV spelling notify-url both given
  | 'not-for-dst' // a field the table marks "Not supported for DST" on a DST payment
  | 'state-required' // country US, CA or AU without a state
  | 'date-order' // finish-date before start-date
  | 'transfer-source' // a transfer needs exactly one of credit_card_number, card_recurring_payment_id
  | 'transfer-destination' // a transfer needs exactly one of destination-card-no, destination_card_recurring_payment_id
  | 'well-formed-text' // a string holding a lone UTF-16 surrogate, which has no UTF-8 form
  | 'csv-character' // `;`, `"`, CR or LF in a CSV cell while the client's csvQuoting is 'reject', or a NUL in any cell
  | 'invalid-option' // a client option that cannot work (credentials, base URL, timeout)
  | 'invalid-request' // a request the signer cannot sign (a URL or parameter it refuses), named by its part
  | 'repeated' // a parameter given more than once in a request as received: the gateway reads each field once
  | 'unknown-field' // a field this operation does not have (it would be lost); field `(unknown column)` when its name may be card data
  | PayloadRule; // the payload cannot be decoded (Base64, UTF-8, the CSV): payload-codec's code

/**
 * One broken rule: which row (in a batch), which field (wire spelling), which rule, and a message
 * that says what is wrong. The message names neither the row nor the field: each audience's
 * formatter (`formatClientIssue`, `formatRowIssue`, ...) puts them where its reader looks.
 *
 * @example
 * ```ts
 * import { checkRecurringPayments, type ValidationIssue } from '@paysign/protocol';
 *
 * const issues: ValidationIssue[] = checkRecurringPayments([update], { projectCurrency: 'EUR' });
 * for (const issue of issues) console.error(`${issue.field}: ${issue.message} (${issue.rule})`);
 * ```
 */
export interface ValidationIssue {
  /** The field's exact wire name, such as `client-orderid` or `client_orderid`. */
  field: string;
  /** The camelCase name in this library's types, where the field has one. */
  property?: string;
  rule: ValidationRule;
  /** The number of the spec's rule ("Rules on the recurring-payment fields", 1-11), if any. */
  specRule?: number;
  /** 0-based index of the payment (row) in a batch, when validating several: `payments[row]`, the payload's data row `row + 1`. */
  row?: number;
  /** What is wrong, said after the field's name (`is required`); never the row or the field, never a card number (masked) or a CVV. */
  message: string;
}
