import { luhnValid } from './luhn.js';
import { isShowablePan } from './mask-pan.js';
import { maskPayload } from './masked-forms.js';

// A UUID (8-4-4-4-12 hex digits), such as the gateway's serial-number.
// Captured, so that splitting a text on it keeps the UUIDs at the odd places.
const UUID = /((?<![0-9A-Za-z-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Za-z-]))/;

// A percent-escape, encoded any number of times: %2B, %252B, %25252B... (a base string encodes its
// values twice, a log or a URL of it once more). Its last two hex digits say what it stands for.
const ESCAPE = /%(?:25)*([0-9A-Fa-f]{2})/y;
// What may stand between two digits of one card number, plain or percent-encoded: a space, `+`
// (a space in a form body), dot, hyphen, underscore or slash.
const SEPARATOR_CHAR = /[ +._/-]/;
const ENCODED_SEPARATORS = /^(?:20|2B|2E|2F|2D|5F)$/i;

// A token: what it is (0 other, 1 a digit, 2 a separator), where it ends, and the digit it stands
// for (`%34` and `%2534` stand for 4).
type Token = [kind: number, end: number, digit: string];

function tokenAt(text: string, at: number, readEscapes: boolean): Token {
  const char = text.charAt(at);
  if (char >= '0' && char <= '9') return [1, at + 1, char];
  if (SEPARATOR_CHAR.test(char)) return [2, at + 1, ''];
  ESCAPE.lastIndex = at;
  const escaped = char === '%' && readEscapes ? ESCAPE.exec(text) : null;
  if (escaped === null) return [0, at + 1, ''];
  const hex = escaped[1] as string;
  const end = at + escaped[0].length;
  return hex[0] === '3' && (hex[1] as string) <= '9' ? [1, end, hex[1] as string] : [ENCODED_SEPARATORS.test(hex) ? 2 : 0, end, ''];
}

// Every run of 13 or more digits, each pair of digits at most one separator apart: the whole run,
// never a piece of it, whatever is glued around it. Linear in the text's length. Read twice: first
// every character as itself (`%22` before a run may be a percent sign and digits of the number),
// then with percent-escapes read as what they stand for (`%2520` between digits is a space).
// A valid-shaped PAN shows as first 6 + last 4, separators dropped; any other run has every digit
// a `*`, separators kept (a mistyped PAN is still most of a real card number).
function maskDigitRuns(text: string, readEscapes: boolean): string {
  let out = '';
  let copied = 0;
  const candidate = readEscapes ? /[0-9%]/g : /[0-9]/g;
  // Only a digit (or a percent-escape of one) starts a run: the text between is skipped natively.
  for (let found = candidate.exec(text); found !== null; found = candidate.exec(text)) {
    const at = found.index;
    let [kind, end, digits] = tokenAt(text, at, readEscapes);
    let starred = '*';
    while (kind === 1) {
      const next = tokenAt(text, end, readEscapes);
      const after = next[0] === 2 ? tokenAt(text, next[1], readEscapes) : next;
      if (after[0] !== 1) break;
      starred += `${next[0] === 2 ? text.slice(end, next[1]) : ''}*`;
      digits += after[2];
      end = after[1];
    }
    if (digits.length >= 13) {
      out += text.slice(copied, at) + (isShowablePan(digits) ? `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}` : starred);
      copied = end;
    }
    candidate.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// Where a keyword may start: not glued to a letter or digit, except right after a percent-escape
// such as %3D (`=`), %26 (`&`) or %253D (encoded twice). Both keyword patterns ignore case.
const START = '(?:(?<![0-9a-z_-])|(?<=%(?:25)*[0-9a-f]{2}))';

// A CVV-like value: 3 or 4 digits after cvv, cvv2, cvc, cvc2 or cid (any case) and `=`, `:` or
// spaces (plain, JSON-quoted, or percent-encoded at any depth).
const CVV_VALUE = new RegExp(String.raw`${START}(cvv2?|cvc2?|cid)(["']?(?:\s*[=:]\s*|\s+|\+|%(?:25)*(?:3[da]|20|2b))["']?)(\d{3,4})(?!\d)`, 'gi');

// A `payload` parameter (update-recurring-payments: the Base64 of a CSV with card numbers and CVVs
// in it, which no digit rule can see) after `=`, `%3D` (any depth) or a quoted `":"`: its value,
// plain or percent-encoded at any depth, up to the next `&`, quote or space. Prose ("payload: the
// header row...") is not a parameter.
const PAYLOAD_VALUE = new RegExp(String.raw`${START}(payload)(=|%(?:25)*3d|["']\s*:\s*["'])((?:[a-z0-9+/_-]|%(?:25)*(?:2[bf]|3d)|=)+)`, 'gi');

/**
 * Masks card data in free text (a gateway's error message, a log line, a base string, a journal
 * record, a request shown on a page or a terminal), the one routine every package uses:
 *
 * - a **digit run** of 13 or more digits, the digits at most one space, `+`, dot, hyphen,
 *   underscore or slash apart, each separator and each digit plain or percent-encoded any number
 *   of times (`4111 1111 1111 1111`, `4111+1111+1111+1111`, `4111%25201111%25201111%25201111`,
 *   `4111%252B1111...`), **whatever is glued before or after it** (`pan=4111111111111111x`,
 *   Base64, hex), is a card number: shown as first 6 + last 4 when it is a valid-shaped PAN (14-19
 *   digits, Luhn-valid), masked entirely otherwise (every digit a `*`, separators kept). A UUID
 *   (8-4-4-4-12 hex digits, like the gateway's serial numbers) is kept whole when it carries an
 *   RFC 9562 version and variant (what `crypto.randomUUID()` and other generators make), else
 *   unless a Luhn-valid 13-19 digit run hides in it;
 * - a **CVV**: 3 or 4 digits after `cvv`, `cvv2`, `cvc`, `cvc2` or `cid` (any case) and `=`,
 *   `:` or spaces (also percent-encoded, as in a base string), masked entirely;
 * - a **payload** (`payload=...`, `payload%3D...`, `"payload":"..."`): the Base64 CSV of
 *   update-recurring-payments, shown only as its length (see {@link maskPayload}).
 *
 * Shorter numbers (amounts, dates, phone numbers, IPv4 addresses) are left alone. The price of
 * masking by shape: an order id or a nonce with 13 or more digits in a row is masked too.
 *
 * @example
 * ```ts
 * redactCardData('card 4111.1111.1111.1111 refused, cvv2=987'); // 'card 411111******1111 refused, cvv2=***'
 * redactCardData('credit_card_number%3D4111%25201111%25201111%25201111'); // 'credit_card_number%3D411111******1111'
 * redactCardData('payload=Y2xpZW50LW9yZGVyLWlk'); // 'payload=[payload, 24 Base64 characters]'
 * ```
 */
export function redactCardData(text: string): string {
  if (typeof text !== 'string') return text;
  const payloadsOut = text.replace(PAYLOAD_VALUE, (_match, name: string, separator: string, value: string) => `${name}${separator}${maskPayload(value)}`);
  const out = payloadsOut
    .split(UUID)
    .map((part, i) => (i % 2 === 1 && isSerialUuid(part) ? part : maskDigitRuns(maskDigitRuns(part, false), true)))
    .join('');
  return out.replace(CVV_VALUE, (_match, word: string, separator: string, cvv: string) => `${word}${separator}${'*'.repeat(cvv.length)}`);
}

// A UUID is kept whole when a UUID generator made it: an RFC 9562 version (1-8) and variant
// (8, 9, a or b) in their places, whatever digits chance put around them (one random UUID in about
// 360 holds a Luhn-valid run of 13+ digits across its hyphens; masking it would break the serial
// number a support desk looks up). Any other UUID-shaped text, such as the gateway's serial numbers
// (counters written as UUIDs, 00000000-0000-0000-0000-0000043b64d7), is kept whole unless a card
// number hides in it: a digit run (leading zeros dropped) of 13-19 digits that passes the Luhn
// check, alone or with a 3-4 digit CVV after it.
const GENERATED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function isSerialUuid(uuid: string): boolean {
  if (GENERATED_UUID.test(uuid)) return true;
  for (const [run] of uuid.matchAll(/\d(?:-?\d)*/g)) {
    const digits = run.replace(/-/g, '').replace(/^0+/, '');
    if ([0, 3, 4].some((cvv) => digits.length - cvv >= 13 && digits.length - cvv <= 19 && luhnValid(digits.slice(0, digits.length - cvv)))) return false;
  }
  return true;
}
