// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { isNeverStored } from '../store/never-stored.js';
import type { ProfileFields } from '../store/profile-store.js';

// Fields that choose one of the spec's alternatives: sending one member of a group replaces the
// others (rule 1: exactly one amount mode; rule 8: notify_url or server_callback_url, not both).
const EXCLUSIVE_GROUPS: readonly (readonly string[])[] = [
  ['amount', 'amount-from', 'amount-to', 'amount-sequence'],
  ['notify_url', 'notify-url', 'server_callback_url'],
];

/**
 * Applies one update row to a stored recurring payment: every non-empty cell replaces its field,
 * an empty cell leaves the field as it was (the CSV header names every column, so empty means
 * "not sent"), and a new amount mode or callback address replaces the old one.
 *
 * @example
 * ```ts
 * applyUpdateRow({ amount: '10.00', period: 'month' }, { 'amount-sequence': '5.00,7.50', period: '' });
 * // { period: 'month', 'amount-sequence': '5.00,7.50' }
 * ```
 */
export function applyUpdateRow(current: ProfileFields, row: Readonly<Record<string, string>>): Record<string, string> {
  const next: Record<string, string> = { ...current };
  const sent = Object.keys(row).filter((name) => row[name] !== '' && !isNeverStored(name));
  for (const group of EXCLUSIVE_GROUPS) {
    if (sent.some((name) => group.includes(name))) for (const name of group) delete next[name];
  }
  for (const name of sent) next[name] = row[name] as string;
  return next;
}
