import { decodeBase64, encodeBase64 } from '../encoding/base64.js';
import { OAuthError } from '../errors.js';

/**
 * A PEM block: its label (`RSA PRIVATE KEY`, `PUBLIC KEY`, ...) and its DER bytes.
 *
 * @example
 * ```ts
 * import { readPem, type PemBlock } from '@paysign/oauth-core/keys';
 *
 * const block: PemBlock = readPem(process.env.PRIVATE_KEY!); // newlines escaped as \n are read too
 * block.label; // 'RSA PRIVATE KEY' or 'PRIVATE KEY'
 * block.der.length;
 * ```
 */
export interface PemBlock {
  label: string;
  der: Uint8Array;
}

const LABEL = /^[A-Z0-9 ]{1,64}$/;

// The first BEGIN line and the END line of the same label, found with indexOf: linear in the
// text's length whatever it holds (a backtracking pattern took seconds on hostile input).
function findBlock(text: string): { label: string; body: string } | undefined {
  const begin = text.indexOf('-----BEGIN ');
  if (begin < 0) return undefined;
  const labelStart = begin + '-----BEGIN '.length;
  const labelEnd = text.indexOf('-----', labelStart);
  if (labelEnd < 0) return undefined;
  const label = text.slice(labelStart, labelEnd);
  if (!LABEL.test(label)) return undefined;
  const bodyStart = labelEnd + '-----'.length;
  const end = text.indexOf(`-----END ${label}-----`, bodyStart);
  if (end < 0) return undefined;
  return { label, body: text.slice(bodyStart, end) };
}

/**
 * Reads the first PEM block of `text` (RFC 7468). Newlines escaped as the two characters `\n`
 * (as keys are often kept in environment variables) and CRLF line ends are accepted.
 *
 * @throws {OAuthError} `INVALID_KEY` for missing armour, encrypted keys, or bad Base64.
 * @example
 * ```ts
 * readPem(process.env.MERCHANT_KEY!).label; // 'RSA PRIVATE KEY'
 * ```
 */
export function readPem(text: string): PemBlock {
  const unescaped = text.includes('\\n') ? text.replace(/\\r/g, '').replace(/\\n/g, '\n') : text;
  const block = findBlock(unescaped);
  if (!block) throw new OAuthError('INVALID_KEY', 'the key is not PEM text: no matching BEGIN/END lines');
  const { label, body } = block;
  if (label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:[ \t]*4,ENCRYPTED/.test(body)) {
    throw new OAuthError('INVALID_KEY', 'the private key is encrypted; decrypt it first (openssl pkey -in key.pem)');
  }
  const base64 = body.replace(/[ \t\r\n]/g, '');
  try {
    return { label, der: decodeBase64(base64) };
  } catch {
    throw new OAuthError('INVALID_KEY', `the ${label} PEM block does not hold valid Base64`);
  }
}

/**
 * Writes DER bytes as PEM text with 64-character lines.
 *
 * @example
 * ```ts
 * writePem('PUBLIC KEY', spkiDer); // '-----BEGIN PUBLIC KEY-----\nMII...\n-----END PUBLIC KEY-----\n'
 * ```
 */
export function writePem(label: string, der: Uint8Array): string {
  const lines = encodeBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
