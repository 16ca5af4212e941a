import { recurringPaymentWireNames } from '@paysign/protocol/wire';
import { EmulatorError } from '../errors.js';
import type { ProfileFields } from './profile-store.js';

/**
 * Reads recurring payments from JSON text: an array of objects, or `{ "recurringPayments": [...] }`,
 * each keyed by the wire names (`recurring-payment-id`, `credit-card-number`, `period`, ...) or by
 * the camelCase names of `paysign send`'s files (`recurringPaymentId`, `creditCardNumber`, ...),
 * which are stored under their wire names. Numbers are taken as their decimal text; every profile
 * needs a unique `recurring-payment-id`, and an error names a field as the profile spells it.
 *
 * @throws {EmulatorError} `INVALID_PROFILES`, naming the entry and field (never a value).
 * @example
 * ```ts
 * const profiles = parseProfiles('[{"recurring-payment-id":"rp-1","amount":"10.00","currency":"EUR"}]');
 * const emulator = createEmulator({ merchants, profiles: createMemoryProfileStore(profiles) });
 * ```
 */
export function parseProfiles(json: string): ProfileFields[] {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    throw new EmulatorError('INVALID_PROFILES', 'the profiles document is not valid JSON');
  }
  const entries = Array.isArray(document) ? document : (document as { recurringPayments?: unknown } | null)?.recurringPayments;
  if (!Array.isArray(entries)) {
    throw new EmulatorError('INVALID_PROFILES', 'the profiles document must be an array or an object with a recurringPayments array');
  }
  const seen = new Set<string>();
  return entries.map((entry: unknown, index): ProfileFields => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new EmulatorError('INVALID_PROFILES', `profile ${index} must be an object of wire-named fields`);
    }
    const fields: Record<string, string> = {};
    let camelCase = false;
    for (const [name, value] of Object.entries(entry)) {
      const wire = Object.hasOwn(recurringPaymentWireNames, name) ? recurringPaymentWireNames[name as keyof typeof recurringPaymentWireNames] : name;
      if (wire !== name) camelCase = true;
      if (typeof value === 'string') fields[wire] = value;
      else if (typeof value === 'number' && Number.isFinite(value)) fields[wire] = String(value);
      else throw new EmulatorError('INVALID_PROFILES', `profile ${index}: field ${name} must be a string or a number`);
    }
    const id = fields['recurring-payment-id'];
    if (id === undefined || id === '') {
      throw new EmulatorError('INVALID_PROFILES', `profile ${index}: ${camelCase ? 'recurringPaymentId' : 'recurring-payment-id'} is required`);
    }
    if (seen.has(id)) throw new EmulatorError('INVALID_PROFILES', `profile ${index}: recurring-payment-id ${id} appears twice`);
    seen.add(id);
    return fields;
  });
}
