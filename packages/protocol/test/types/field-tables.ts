// Compiled by `pnpm typecheck` (never run). The field tables are written `as const` without
// `satisfies readonly FieldSpec[]`, which `isolatedDeclarations` cannot give a type to; these
// lines are that check: every row is a FieldSpec, and no row has a key FieldSpec lacks (a
// misspelt `maxLenght` would otherwise pass unnoticed). The `@ts-expect-error` lines show that
// the checks refuse such rows: if they stop refusing, the directive is unused and the build fails.
import type { FieldSpec, panEligibilitySendFields, recurringPaymentFields, transferFields } from '@paysign/protocol/wire';

/** `true` when every row of `Table` is a FieldSpec with no key of its own. */
type IsFieldTable<Table extends readonly object[]> = Table extends readonly FieldSpec[]
  ? [Table[number] extends infer Row ? (Row extends unknown ? Exclude<keyof Row, keyof FieldSpec> : never) : never] extends [never]
    ? true
    : false
  : false;

export const recurringPaymentTable: IsFieldTable<typeof recurringPaymentFields> = true;
export const transferTable: IsFieldTable<typeof transferFields> = true;
export const panEligibilitySendTable: IsFieldTable<typeof panEligibilitySendFields> = true;

const misspelt = [{ property: 'amount', wire: 'amount', necessity: 'R', kind: 'decimal', maxLenght: 10 }] as const;
// @ts-expect-error a key FieldSpec does not have
export const misspeltTable: IsFieldTable<typeof misspelt> = true;
const unknownKind = [{ property: 'amount', wire: 'amount', necessity: 'R', kind: 'money' }] as const;
// @ts-expect-error a kind that is not a FieldKind
export const unknownKindTable: IsFieldTable<typeof unknownKind> = true;
