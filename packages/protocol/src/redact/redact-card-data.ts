import { luhnValid } from './luhn.js';
import { isShowablePan, maskPan } from './mask-pan.js';

// What may stand between two digits of one card number: a single space, dot, hyphen, underscore or slash.
const SEPARATOR = '[ ._/-]';

// A UUID (8-4-4-4-12 hex digits), such as the gateway's serial-number.
const UUID = '(?<![0-9A-Za-z-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z-])';

// 13 or more digits, each pair of digits at most one separator apart: the whole run, never a piece
// of it (not after a digit, nor after a digit and a separator). Whatever is glued before or after
// it (letters, `_`, `=`, a percent-escape) does not matter: `pan=4111111111111111x` is a card number.
const DIGIT_RUN = String.raw`(?<!\d)(?<!\d${SEPARATOR})\d(?:${SEPARATOR}?\d){12,}`;

const CARD_NUMBER = new RegExp(`(${UUID})|${DIGIT_RUN}`, 'g');
const ONLY_DIGIT_RUNS = new RegExp(DIGIT_RUN, 'g');

// Where a CVV keyword may start: not glued to a letter or digit, except right after a
// percent-escape such as %3D (`=`) or %253D (encoded twice).
const START = '(?:(?<![0-9A-Za-z])|(?<=%(?:25)?[0-9A-Fa-f]{2}))';

// A CVV-like value: 3 or 4 digits after cvv, cvv2, cvc, cvc2 or cid (any case) and `=`, `:` or
// spaces (plain, JSON-quoted, or percent-encoded once or twice).
const CVV_VALUE = new RegExp(String.raw`${START}(cvv2?|cvc2?|cid)(["']?(?:\s*[=:]\s*|\s+|%(?:25)?3[DdAa]|%(?:25)?20)["']?)(\d{3,4})(?!\d)`, 'gi');

/**
 * Masks card data in free text (a gateway's error message, a log line, a base string, a journal
 * record), the one routine every package uses:
 *
 * - a **digit run** of 13 or more digits, the digits at most one space, dot, hyphen, underscore or
 *   slash apart (`4111111111111111`, `4111 1111 1111 1111`, `4111.1111.1111.1111`,
 *   `4111-1111-1111-1111`, `4111_1111_1111_1111`, `4111/1111/1111/1111`), **whatever is glued
 *   before or after it** (`pan=4111111111111111x`, `id_4111111111111111`, Base64, hex), is a card
 *   number: shown as first 6 + last 4 when it is a valid-shaped PAN (14-19 digits, Luhn-valid),
 *   masked entirely otherwise (every digit a `*`, separators kept: a mistyped PAN is still most of
 *   a real card number, and a failed check digit or a 20-digit run may be a PAN with a CVV after
 *   it). A UUID (8-4-4-4-12 hex digits, like the gateway's serial numbers) is kept whole unless a
 *   Luhn-valid 13-19 digit run hides in it;
 * - a **CVV**: 3 or 4 digits after `cvv`, `cvv2`, `cvc`, `cvc2` or `cid` (any case) and `=`,
 *   `:` or spaces (also `%3D`, as in a base string), masked entirely.
 *
 * Shorter numbers (amounts, dates, phone numbers, IPv4 addresses) are left alone. The price of
 * masking by shape: an order id or a nonce with 13 or more digits in a row is masked too.
 *
 * @example
 * ```ts
 * redactCardData('card 4111.1111.1111.1111 refused, cvv2=987'); // 'card 411111******1111 refused, cvv2=***'
 * redactCardData('pan=4111111111111111x'); // 'pan=411111******1111x'
 * redactCardData('Invalid CVV 987 for 4111111111111112'); // 'Invalid CVV *** for ****************'
 * ```
 */
export function redactCardData(text: string): string {
  if (typeof text !== 'string') return text;
  return text
    .replace(CARD_NUMBER, (run, uuid: string | undefined) =>
      uuid === undefined ? maskRun(run) : isSerialUuid(uuid) ? uuid : uuid.replace(ONLY_DIGIT_RUNS, maskRun),
    )
    .replace(CVV_VALUE, (_match, word: string, separator: string, cvv: string) => `${word}${separator}${'*'.repeat(cvv.length)}`);
}

function maskRun(run: string): string {
  const digits = run.replace(/\D/g, '');
  return isShowablePan(digits) ? maskPan(digits) : run.replace(/\d/g, '*');
}

// A UUID is kept whole unless a card number hides in it: a digit run (leading zeros dropped) of
// 13-19 digits that passes the Luhn check, alone or with a 3-4 digit CVV after it. So the gateway's
// serial numbers (counters written as UUIDs, 00000000-0000-0000-0000-0000043b64d7) and random
// UUIDs stay readable, while a hyphen-written PAN laid out as a UUID is still masked.
function isSerialUuid(uuid: string): boolean {
  for (const [run] of uuid.matchAll(/\d(?:-?\d)*/g)) {
    const digits = run.replace(/-/g, '').replace(/^0+/, '');
    if ([0, 3, 4].some((cvv) => digits.length - cvv >= 13 && digits.length - cvv <= 19 && luhnValid(digits.slice(0, digits.length - cvv)))) return false;
  }
  return true;
}
