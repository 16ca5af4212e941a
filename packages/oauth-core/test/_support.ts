// Helpers shared by oauth-core's unit tests: what a call refused with, and RFC 5849 §3.6
// percent-encoding written from the RFC's text (the oracle the encoder is checked against).

/** The code and message of what `fn` throws, or `undefined` when it throws nothing. */
export function thrown(fn: () => unknown): { code: string | undefined; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return undefined;
}

const utf8 = new TextEncoder();
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Each octet's form: unreserved ASCII kept, every other octet `%XX` in uppercase hex. */
const OCTET = Array.from({ length: 256 }, (_, byte) => {
  const char = String.fromCharCode(byte);
  return byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
});

/** RFC 5849 §3.6 from its text: the UTF-8 octets, unreserved ones kept, every other one `%XX`. */
export function rfcEncode(value: string): string {
  let out = '';
  for (const byte of utf8.encode(value)) out += OCTET[byte];
  return out;
}
