/**
 * A final status the emulator gives an order: what the gateway reports in its callbacks.
 *
 * @example
 * ```ts
 * import type { FinalOutcome } from '@paysign/emulator';
 *
 * const outcome: FinalOutcome = 'declined';
 * await fetch(`${url}/emulator/orders/${orderid}/outcome`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ outcome }) });
 * ```
 */
export type FinalOutcome = 'approved' | 'declined' | 'filtered' | 'error';

/**
 * The final statuses an order can be given, in the order the README lists them.
 *
 * @example
 * ```ts
 * import { FINAL_OUTCOMES } from '@paysign/emulator';
 *
 * FINAL_OUTCOMES.includes('declined'); // true
 * ```
 */
export const FINAL_OUTCOMES: readonly FinalOutcome[] = ['approved', 'declined', 'filtered', 'error'];

/**
 * Card numbers whose orders end in a given status (all pass the Luhn check, none is a real card):
 * a transfer from or to one of them, or a recurring payment charged on one, gets that status; any
 * other card is approved. The README's "Test cards" table lists the same numbers (a test compares them).
 *
 * @example
 * ```ts
 * import { TEST_CARDS } from '@paysign/emulator';
 *
 * const declined = TEST_CARDS.find((card) => card.outcome === 'declined')?.number; // '4000000000000002'
 * ```
 */
export const TEST_CARDS: readonly { readonly number: string; readonly outcome: Exclude<FinalOutcome, 'approved'> }[] = [
  { number: '4000000000000002', outcome: 'declined' },
  { number: '5555555555554402', outcome: 'declined' },
  { number: '4000000000000127', outcome: 'filtered' },
  { number: '4000000000000119', outcome: 'error' },
];

const byNumber = new Map<string, FinalOutcome>(TEST_CARDS.map((card) => [card.number, card.outcome]));

/**
 * The status a test card gives, or `undefined` for every other number (an order on it is approved).
 *
 * @example
 * ```ts
 * testCardOutcome('4000000000000119'); // 'error'
 * testCardOutcome('4111111111111111'); // undefined
 * ```
 */
export function testCardOutcome(cardNumber: string | undefined): FinalOutcome | undefined {
  return cardNumber === undefined ? undefined : byNumber.get(cardNumber);
}

/**
 * Whether a value is one of {@link FINAL_OUTCOMES}.
 *
 * @example
 * ```ts
 * isFinalOutcome('declined'); // true
 * isFinalOutcome('processing'); // false
 * ```
 */
export function isFinalOutcome(value: unknown): value is FinalOutcome {
  return typeof value === 'string' && (FINAL_OUTCOMES as readonly string[]).includes(value);
}
