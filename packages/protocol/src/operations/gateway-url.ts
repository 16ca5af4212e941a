// The hosts plain http: may reach (URL.hostname form: lowercase, IPv6 in brackets).
const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a URL may carry requests to the gateway: `https:`, or plain `http:` to a loopback host
 * (`127.0.0.1`, `localhost`, `[::1]`) only, for an emulator on the same machine. Card data never
 * crosses a network in clear text. The client's `baseUrl` and the edge proxy's `gatewayUrl` both
 * read this rule.
 *
 * @example
 * ```ts
 * import { isSecureGatewayUrl } from '@paysign/protocol';
 *
 * isSecureGatewayUrl(new URL('https://sandbox.gate.example')); // true
 * isSecureGatewayUrl(new URL('http://127.0.0.1:8080')); // true: a local emulator
 * isSecureGatewayUrl(new URL('http://gate.example')); // false
 * ```
 */
export function isSecureGatewayUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}
