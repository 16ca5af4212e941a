// A small strict parser of textual IP addresses: what a gateway can store as the payer's IP.

const OCTET = /^(?:0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * Whether `text` is an IPv4 address in dotted-decimal form: four decimal octets 0-255 separated
 * by dots, without leading zeros (`01.2.3.4` is refused: some readers take it for octal).
 *
 * @example
 * ```ts
 * isIpv4Address('192.0.2.1'); // true
 * isIpv4Address('192.0.2.01'); // false
 * ```
 */
export function isIpv4Address(text: string): boolean {
  const octets = text.split('.');
  return octets.length === 4 && octets.every((octet) => OCTET.test(octet) && Number(octet) <= 255);
}

/**
 * Whether `text` is an IPv6 address as RFC 4291 §2.2 writes it: eight groups of 1-4 hex digits,
 * one `::` standing for one or more zero groups, and optionally a dotted IPv4 address as the last
 * 32 bits (`::ffff:192.0.2.1`). No zone id (`%eth0`), no brackets, no prefix length.
 *
 * @example
 * ```ts
 * isIpv6Address('2001:db8::1'); // true
 * isIpv6Address('::ffff:192.0.2.1'); // true
 * isIpv6Address('2001:db8:::1'); // false
 * ```
 */
export function isIpv6Address(text: string): boolean {
  let hex = text;
  const lastColon = text.lastIndexOf(':');
  if (lastColon === -1) return false;
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4Address(tail)) return false;
    hex = `${text.slice(0, lastColon + 1)}0:0`; // the IPv4 part stands for two groups
  }
  const gap = hex.indexOf('::');
  if (gap === -1) {
    const groups = hex.split(':');
    return groups.length === 8 && groups.every((group) => HEX_GROUP.test(group));
  }
  if (hex.indexOf('::', gap + 1) !== -1) return false;
  const before = hex.slice(0, gap);
  const after = hex.slice(gap + 2);
  const groups = [...(before === '' ? [] : before.split(':')), ...(after === '' ? [] : after.split(':'))];
  return groups.length <= 7 && groups.every((group) => HEX_GROUP.test(group));
}

/**
 * Whether `text` is an IPv4 or IPv6 address (see {@link isIpv4Address}, {@link isIpv6Address}),
 * at most 45 characters (the longest IPv6 text with an embedded IPv4 address).
 *
 * @example
 * ```ts
 * isIpAddress('203.0.113.7'); // true
 * isIpAddress('2001:db8::7'); // true
 * isIpAddress('localhost'); // false
 * ```
 */
export function isIpAddress(text: string): boolean {
  return typeof text === 'string' && text.length <= 45 && (isIpv4Address(text) || isIpv6Address(text));
}
