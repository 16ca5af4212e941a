/**
 * How the spec describes a value: `String`, `Numeric` (digits: card number, expiry), `Numeric`
 * amounts (decimals), a comma-separated list of decimals, `Int`, a `DD.MM.YYYY` date, a URL, a
 * boolean, or an IPv4/IPv6 address (`ip`).
 *
 * @example
 * ```ts
 * import { recurringPaymentFields, type FieldKind } from '@paysign/protocol/wire';
 *
 * const dates: FieldKind = 'date';
 * console.log(recurringPaymentFields.filter((field) => field.kind === dates).map((field) => field.wire)); // ['birthday', 'start-date', 'finish-date']
 * ```
 */
export type FieldKind = 'string' | 'digits' | 'decimal' | 'decimal-list' | 'int' | 'date' | 'url' | 'boolean' | 'ip';

/**
 * R = required, C = conditional (see the rules), O = optional; `?` = not shown in the spec.
 *
 * @example
 * ```ts
 * import { recurringPaymentFields, type Necessity } from '@paysign/protocol/wire';
 *
 * const required: Necessity = 'R';
 * const requiredColumns = recurringPaymentFields.filter((field) => field.necessity === required).map((field) => field.wire);
 * ```
 */
export type Necessity = 'R' | 'C' | 'O' | '?';

/**
 * One row of a field table: the TypeScript name, the exact wire spelling, and the constraints.
 *
 * @example
 * ```ts
 * import type { FieldSpec } from '@paysign/protocol/wire';
 *
 * const orderId: FieldSpec = { property: 'clientOrderId', wire: 'client-orderid', necessity: 'R', kind: 'string', maxLength: 128 };
 * ```
 */
export interface FieldSpec {
  /** The camelCase name in this library's types. */
  readonly property: string;
  /** The exact spelling on the wire for the operation (never normalised). */
  readonly wire: string;
  readonly necessity: Necessity;
  readonly kind: FieldKind;
  /** Maximum length in characters (Unicode code points); `undefined` where the spec gives none. */
  readonly maxLength?: number;
  /** Minimum length in characters, where the spec gives a range (state: 2-3). */
  readonly minLength?: number;
  /** "Not supported for DST" in the spec's notes. */
  readonly notForDst?: boolean;
  /**
   * Data that must never be shown whole: `'card-number'` (masked as first 6 + last 4),
   * `'card-verification'` (never shown, never stored) or `'personal'` (the payer's name, address,
   * contact, birthday, SSN or IP address: kept, never shown in logs or public views). Read through
   * {@link sensitivityOf}.
   */
  readonly sensitive?: FieldSensitivity;
}

/**
 * What kind of sensitive data a field holds: a card number (PCI DSS allows first 6 + last 4 to be
 * shown), a card verification value (never shown, never kept after authorisation) or the payer's
 * personal data.
 *
 * @example
 * ```ts
 * import { sensitivityOf } from '@paysign/protocol/wire';
import { type FieldSensitivity } from '@paysign/protocol';
 *
 * const kind: FieldSensitivity | undefined = sensitivityOf('cvv2'); // 'card-verification'
 * ```
 */
export type FieldSensitivity = 'card-number' | 'card-verification' | 'personal';
