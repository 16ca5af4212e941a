/**
 * Reads the JSON variant of a reply (`Accept: application/vnd.pay+json`) into text fields, as
 * the form variant has them. Numbers are kept as written (`"paynet-order-id": 12345678901234567890`
 * stays exact, which `JSON.parse` alone would round), booleans become `true`/`false`, `null` is
 * left out, nested values become JSON text with every number in them written as a string (so no
 * digit is lost; not the reply's text byte for byte). Returns `undefined` when the body is not a
 * JSON object.
 *
 * @example
 * ```ts
 * readJsonReply('{"type":"async-response","paynet-order-id":12345678901234567890}');
 * // { type: 'async-response', 'paynet-order-id': '12345678901234567890' }
 * ```
 */
export function readJsonReply(body: string): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(quoteNumbers(body));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  // No prototype, as in the form reader: a field named `__proto__` is a field like any other.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    fields[name] = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  }
  return fields;
}

// Rewrites every number token outside strings as a string token with the same text, so the
// digits reach the caller exactly as the gateway wrote them.
function quoteNumbers(json: string): string {
  let out = '';
  let i = 0;
  while (i < json.length) {
    const char = json[i] as string;
    if (char === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      out += json.slice(i, end + 1);
      i = end + 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(json.slice(i, i + 400));
      const token = match === null ? char : match[0];
      out += match === null ? char : `"${token}"`;
      i += token.length;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}
