// Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width, BOM), line and
// paragraph separators, private-use and unassigned code points, lone surrogates, and the backslash
// that introduces an escape, so that an escaped text cannot pass for another.
const UNSAFE = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]|\p{Cs}/gu;
const NAMED: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.codePointAt(0) as number;
  const hex = code.toString(16);
  if (code < 0x100) return `\\x${hex.padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${hex.padStart(4, '0')}`;
  return `\\u{${hex}}`;
}

/**
 * Makes a value safe to put in a one-line log: every control character, line or paragraph
 * separator, format character (bidi overrides, zero-width characters), private-use or unassigned
 * code point and lone surrogate is written as an escape (`\n`, `\r`, `\t`, `\xHH`, `\uHHHH`,
 * `\u{HHHHH}`), and `\` as `\\`, so a request value cannot start a forged log line or hide text.
 * Printable text of any script passes unchanged. The emulator's {@link lineLog} applies it to
 * every value it writes.
 *
 * @example
 * ```ts
 * escapeLogValue('evil\n200 POST /payment/api/v4/transfer/1'); // 'evil\\n200 POST /payment/api/v4/transfer/1'
 * escapeLogValue('São Paulo'); // 'São Paulo'
 * ```
 */
export function escapeLogValue(value: string): string {
  return String(value).replace(UNSAFE, escapeOne);
}
