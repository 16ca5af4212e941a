import type { ValidationIssue } from '../validation/issue.js';
import { isLoopbackHost } from './loopback.js';

/**
 * Checks a URL that requests to the gateway go to (the client's `baseUrl`, the edge proxy's
 * `gatewayUrl`): an absolute URL, `https:`, or plain `http:` to a loopback host only (see
 * {@link isLoopbackHost}), for an emulator on the same machine, so that card data never crosses a
 * network in clear text; and no credentials (`user:pass@`), query or fragment, which would be sent
 * with every request. Returns every issue at once, each naming `field`; none means the URL may be used.
 *
 * @example
 * ```ts
 * import { checkGatewayUrl } from '@paysign/protocol';
 *
 * checkGatewayUrl('https://sandbox.gate.example', 'baseUrl'); // []
 * checkGatewayUrl('http://127.0.0.2:8080', 'baseUrl'); // []: a local emulator
 * checkGatewayUrl('https://user:pass@gate.example', 'gatewayUrl')[0]?.message;
 * // 'must not hold credentials, a query or a fragment'
 * ```
 */
export function checkGatewayUrl(value: unknown, field: string): ValidationIssue[] {
  const issue = (message: string): ValidationIssue => ({ field, rule: 'invalid-option', message });
  if (typeof value !== 'string') return [issue('must be a URL string')];
  if (!URL.canParse(value)) return [issue('is not an absolute URL such as https://sandbox.gate.example')];
  const url = new URL(value);
  const issues: ValidationIssue[] = [];
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    issues.push(issue('must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])'));
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    issues.push(issue('must not hold credentials, a query or a fragment'));
  }
  return issues;
}
