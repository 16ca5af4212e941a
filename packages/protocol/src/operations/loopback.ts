// Loopback, one answer for every package (RFC 1122 §3.2.1.3: 127.0.0.0/8 is this host; RFC 4291
// §2.5.3: ::1; RFC 6761 §6.3: the name localhost): the client's and the edge proxy's plain-http
// gateway URL, the emulator's admin callers and Host header, the CLI's "is this my emulator".
const IPV4_LOOPBACK = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
// An IPv4-mapped 127.0.0.0/8 address as the WHATWG URL parser writes it (::ffff:7f00:1).
const MAPPED_HEX = /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/;

/**
 * Whether a host names this machine: `localhost`, any address of 127.0.0.0/8, `::1`, or an
 * IPv4-mapped 127.0.0.0/8 address (`::ffff:127.0.0.2`, as Node reports a caller, or
 * `::ffff:7f00:2`, as a URL writes it). IPv6 with or without brackets, any case. It reads the
 * host as given: a name that may resolve to 127.0.0.1 (`localhost.example`) is not loopback.
 *
 * @example
 * ```ts
 * import { isLoopbackHost } from '@paysign/protocol';
 *
 * isLoopbackHost(new URL('http://127.0.0.2:8080').hostname); // true
 * isLoopbackHost('[::1]'); // true
 * isLoopbackHost('localhost.example'); // false
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const name = (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host).toLowerCase();
  if (name === 'localhost' || name === '::1' || MAPPED_HEX.test(name)) return true;
  const ipv4 = IPV4_LOOPBACK.exec(name.startsWith('::ffff:') ? name.slice(7) : name);
  return ipv4 !== null && ipv4.slice(1).every((octet) => Number(octet) <= 255);
}
