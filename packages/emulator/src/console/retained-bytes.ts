// What a kept value costs on a 64-bit V8 heap (Node, Deno, workerd; close enough for others): the
// request log's budget counts these, so that `maxRequestLogBytes` is about the memory it holds
// (test/console/request-log-bytes.test.ts measures the heap against it).

/** A string's header (map, hash, length); its characters follow, rounded up to 8 bytes. */
const STRING_HEADER = 16;
/** An object's map, properties and elements pointers; each field is one more word. */
const OBJECT_HEADER = 24;
/** An array's own header and its backing store's; each element is one more word. */
const ARRAY_HEADER = 48;
const WORD = 8;

// Any character past U+00FF makes V8 keep the whole string two bytes a character.
const TWO_BYTE = /[^\u0000-\u00ff]/;

/**
 * About how many bytes a string holds: one a character when every character is Latin-1, else two.
 *
 * @example
 * ```ts
 * stringBytes('abc'); // 24
 * stringBytes('é€'); // 24: two characters, two bytes each, after the 16-byte header
 * ```
 */
export function stringBytes(text: string): number {
  const characters = TWO_BYTE.test(text) ? text.length * 2 : text.length;
  return STRING_HEADER + Math.ceil(characters / WORD) * WORD;
}

/**
 * About how many bytes a JSON-like value holds: its strings, arrays and plain objects, walked (a
 * string reached twice is counted twice, but one in `counted`, held and counted elsewhere, not at all).
 *
 * @example
 * ```ts
 * retainedBytes({ a: 'x', b: [1, 2] }); // 24 + 2 words + 24 (the string) + 48 + 2 words
 * retainedBytes({ url }, new Set([url])); // 32: the object only
 * ```
 */
export function retainedBytes(value: unknown, counted?: ReadonlySet<string>): number {
  if (typeof value === 'string') return counted?.has(value) === true ? 0 : stringBytes(value);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : 16;
  if (typeof value !== 'object' || value === null) return 0;
  if (Array.isArray(value)) {
    let bytes = ARRAY_HEADER + value.length * WORD;
    for (const item of value) bytes += retainedBytes(item, counted);
    return bytes;
  }
  let bytes = OBJECT_HEADER;
  for (const key in value) bytes += WORD + retainedBytes((value as Record<string, unknown>)[key], counted);
  return bytes;
}

/**
 * A copy of a part of `text` that does not hold on to the rest: V8 keeps a slice as a view into
 * the whole string (2 KB cut from a 1 MiB body would keep the 1 MiB); flattening a new
 * concatenation copies the characters into a string of their own.
 *
 * @example
 * ```ts
 * const kept = detachedSlice(body, 0, 2048); // body can now be collected
 * ```
 */
export function detachedSlice(text: string, start: number, end: number): string {
  const part = text.slice(start, end);
  if (part.length === text.length) return part;
  // `' ' + part` is a rope over the slice; slicing the rope flattens it into fresh characters.
  return ` ${part}`.slice(1);
}

/**
 * A copy of `text` in characters of its own: a part a parser read out of a larger string (a
 * regular expression's capture) may be a view that keeps the whole larger string alive.
 *
 * @example
 * ```ts
 * const signature = detachedCopy(params.oauth_signature); // the Authorization header can now be collected
 * ```
 */
export function detachedCopy(text: string): string {
  return ` ${text}`.slice(1);
}
