import { formDecode } from '@paysign/oauth-core';

// The gateway ends every value with a raw line feed: `type=status-response\n&serial-number=...\n`.
// It is cut before decoding, so a line feed the gateway encoded (`%0A`) is data and stays.
const TRAILING_LINE_BREAKS = /[\r\n]+$/;
const LEADING_LINE_BREAKS = /^[\r\n]+/;

/**
 * Reads the gateway's form-encoded reply into fields: `&`-separated `name=value` pairs, `+` as a
 * space, percent-decoded UTF-8, the raw line break ending each value removed. A repeated name
 * keeps its last value. Returns `undefined` when the text is not a form (no `name=value` at all).
 *
 * @throws {OAuthError} `INVALID_STRING` on a malformed escape (the caller turns it into a typed error).
 * @example
 * ```ts
 * readFormReply('type=status-response\n&status=approved\n&error-message=Row+1%3A+amount\n');
 * // { type: 'status-response', status: 'approved', 'error-message': 'Row 1: amount' }
 * ```
 */
export function readFormReply(body: string): Record<string, string> | undefined {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let pairs = 0;
  for (const raw of body.split('&')) {
    const segment = raw.replace(LEADING_LINE_BREAKS, '').replace(TRAILING_LINE_BREAKS, '');
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    if (eq <= 0) continue;
    fields[formDecode(segment.slice(0, eq))] = formDecode(segment.slice(eq + 1));
    pairs++;
  }
  return pairs === 0 ? undefined : { ...fields };
}
