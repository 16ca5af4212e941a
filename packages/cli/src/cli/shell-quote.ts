/**
 * Quotes a value for a POSIX shell: in single quotes, each `'` written as `'\''`.
 *
 * @example
 * ```ts
 * shellQuote("it's"); // "'it'\\''s'"
 * ```
 */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A `curl` command that sends a signed request as it is: method, URL, headers and the body bytes.
 *
 * @example
 * ```ts
 * curlCommand({ method: 'POST', url: 'https://gw/x', headers: { Authorization: 'OAuth ...' }, body: 'a=1' });
 * // "curl -X POST 'https://gw/x' -H 'Authorization: OAuth ...' --data-raw 'a=1'"
 * ```
 */
export function curlCommand(request: { method: string; url: string; headers: Readonly<Record<string, string>>; body: string }): string {
  const parts = ['curl', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== '') parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
