const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * SHA-256 of a string's UTF-8 bytes, in lowercase hex. The proxy compares caller tokens by their
 * digests (with oauth-core's timingSafeEqual, paysign's one constant-time compare), so the lengths
 * compared are public (64) and nothing leaks.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
