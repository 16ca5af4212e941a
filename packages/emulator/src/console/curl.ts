import type { RequestToShow } from '@paysign/protocol/diagnose';

// A POSIX shell single-quoted word: nothing inside is expanded; a quote is closed, escaped, reopened.
const quoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A masked request as a curl command: the masked values stay masked and the Authorization header
 * is replaced by a placeholder to sign again (`paysign sign` with the control key, which no
 * request carries), so it is a template to fill in, never a replay.
 *
 * @example
 * ```ts
 * curlOf({ method: 'POST', url: 'http://127.0.0.1:8080/payment/api/v2/transfer/1234', headers: {}, body: 'amount=1.00' });
 * // "curl -X POST 'http://127.0.0.1:8080/payment/api/v2/transfer/1234' -H 'Authorization: OAuth ...signed with $PAYSIGN_CONTROL_KEY...' --data-raw 'amount=1.00'"
 * ```
 */
export function curlOf(request: RequestToShow): string {
  const parts = [`curl -X ${quoted(request.method)} ${quoted(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'authorization') parts.push(`-H ${quoted('Authorization: OAuth ...signed with $PAYSIGN_CONTROL_KEY...')}`);
    else if (name === 'content-type' || name === 'accept') parts.push(`-H ${quoted(`${name}: ${value}`)}`);
  }
  if (request.body !== '') parts.push(`--data-raw ${quoted(request.body)}`);
  return parts.join(' ');
}
