// Lone UTF-16 surrogates have no UTF-8 form: TextEncoder would silently write U+FFFD instead, so
// the codec refuses them. `isWellFormed` is ES2024 (Node 20+, Deno, Bun, workerd); the regex is
// the fallback for older engines.
const LONE_SURROGATE = /\p{Cs}/u;
// Read once, in a pure IIFE: a bare read of a global's property would keep this module in every bundle.
const nativeIsWellFormed = /* @__PURE__ */ (() => (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed)();

/** True when `text` has no lone surrogate, so its UTF-8 encoding is lossless. */
export function isWellFormedText(text: string): boolean {
  return nativeIsWellFormed ? nativeIsWellFormed.call(text) : !LONE_SURROGATE.test(text);
}
