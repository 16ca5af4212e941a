import { percentEncode } from '@paysign/oauth-core';
import { maskPan } from '@paysign/spec';

// Parameters whose values carry card data: the payload is the Base64 of a CSV with card numbers.
const CARD_NUMBER_PARAMS = new Set(['credit_card_number', 'credit-card-number', 'destination-card-no']);
const HIDDEN_PARAMS = new Set(['cvv2', 'payload']);

/**
 * The base string with card data masked, for debugging a refused signature: every value in it is
 * percent-encoded twice, so each sensitive pair is found as `enc(enc(name))%3D enc(enc(value))`.
 */
export function redactBaseString(baseString: string, params: Readonly<Record<string, string>>): string {
  let redacted = baseString;
  for (const [name, value] of Object.entries(params)) {
    let replacement: string | undefined;
    if (CARD_NUMBER_PARAMS.has(name)) replacement = maskPan(value);
    else if (name === 'payload') replacement = `[redacted payload, ${value.length} Base64 characters]`;
    else if (HIDDEN_PARAMS.has(name)) replacement = '[redacted]';
    if (replacement === undefined || value === '') continue;
    const pair = (text: string) => `${percentEncode(percentEncode(name))}%3D${percentEncode(percentEncode(text))}`;
    redacted = redacted.split(pair(value)).join(pair(replacement));
  }
  return redacted;
}
