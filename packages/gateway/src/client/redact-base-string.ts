import { percentEncode } from '@paysign/oauth-core';
import { maskPan, sensitivityOf } from '@paysign/protocol';

/**
 * The base string with card data masked, for debugging a refused signature: every value in it is
 * percent-encoded twice, so each sensitive pair is found as `enc(enc(name))%3D enc(enc(value))`.
 */
export function redactBaseString(baseString: string, params: Readonly<Record<string, string>>): string {
  let redacted = baseString;
  for (const [name, value] of Object.entries(params)) {
    let replacement: string | undefined;
    const sensitivity = sensitivityOf(name);
    if (sensitivity === 'card-number') replacement = maskPan(value);
    else if (sensitivity === 'card-verification') replacement = '[redacted]';
    // update-recurring-payments' payload is the Base64 of a CSV with card numbers in it.
    else if (name === 'payload') replacement = `[redacted payload, ${value.length} Base64 characters]`;
    if (replacement === undefined || value === '') continue;
    const pair = (text: string) => `${percentEncode(percentEncode(name))}%3D${percentEncode(percentEncode(text))}`;
    redacted = redacted.split(pair(value)).join(pair(replacement));
  }
  return redacted;
}
