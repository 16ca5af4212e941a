/**
 * Compares two byte strings in time that depends only on their lengths. The proxy only ever
 * compares SHA-256 digests with it, so the lengths are public (32) and nothing leaks.
 */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** SHA-256 of a string's UTF-8 bytes. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}
