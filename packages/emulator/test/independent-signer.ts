// Signs requests the way the spec's steps read, with node:crypto only: no paysign code, so the
// emulator is checked against an independent reading of "Signature base string" and the methods.
import { createHmac, createSign, randomBytes } from 'node:crypto';

export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export type Credentials = { method: 'HMAC-SHA1'; controlKey: string } | { method: 'RSA-SHA256'; privateKeyPem: string };

export interface HandSigned {
  baseString: string;
  authorization: string;
  body: string;
}

/**
 * 96 random bits as hexadecimal with its digits written as letters g-p: a hex nonce holds a run of
 * 13+ decimal digits in about 1 of 90 requests (1.1% of 100,000), which every display masks as a card number, and a
 * test comparing a shown base string with the signed one then fails by chance (seen in a full run).
 */
function cardSafeNonce(): string {
  return randomBytes(12)
    .toString('hex')
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)] as string);
}

/** Spec steps 1-5, then HMAC-SHA1 (key = control key + "&") or RSA-SHA256 over the base string. */
export function handSign(
  url: string,
  login: string,
  credentials: Credentials,
  params: [string, string][],
  overrides: { nonce?: string; timestamp?: string; oauthInBody?: boolean } = {},
): HandSigned {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', login],
    ['oauth_nonce', overrides.nonce ?? cardSafeNonce()],
    ['oauth_signature_method', credentials.method],
    ['oauth_timestamp', overrides.timestamp ?? String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  // Step 3 sorts by name, then value (as pairs: "amount" before "amount-from", though "amount-from=" < "amount=").
  const encoded = [...params, ...oauth]
    .map(([n, v]) => [rfc3986(n), rfc3986(v)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`);
  const baseString = `POST&${rfc3986(url)}&${rfc3986(encoded.join('&'))}`;
  const signature =
    credentials.method === 'HMAC-SHA1'
      ? createHmac('sha1', `${rfc3986(credentials.controlKey)}&`)
          .update(baseString)
          .digest('base64')
      : createSign('sha256').update(baseString).sign(credentials.privateKeyPem, 'base64');
  const headerPairs = [...oauth, ['oauth_signature', signature]];
  const authorization = `OAuth realm="", ${headerPairs.map(([n, v]) => `${n}="${rfc3986(v as string)}"`).join(', ')}`;
  const sent = overrides.oauthInBody ? [...params, ...headerPairs] : params;
  return { baseString, authorization, body: sent.map(([n, v]) => `${rfc3986(n as string)}=${rfc3986(v as string)}`).join('&') };
}

/** The spec's payload: Base64 of a `;`-separated CSV, header row first, CRLF line ends. */
export function handPayload(rows: Record<string, string>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns.join(';'), ...rows.map((row) => columns.map((c) => row[c] ?? '').join(';'))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
}

/** Posts a hand-signed form request. */
export async function post(url: string, signed: HandSigned): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: signed.body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Reads the gateway's reply: `name=value\n` pairs joined by `&`, `+` for a space. */
export function readReply(text: string): Record<string, string> {
  const reply: Record<string, string> = {};
  for (const segment of text.split('&')) {
    if (!segment.endsWith('\n')) throw new Error(`value not ended by \\n: ${JSON.stringify(segment)}`);
    const [name, value = ''] = segment.slice(0, -1).split('=');
    reply[decodeURIComponent((name as string).replace(/\+/g, ' '))] = decodeURIComponent(value.replace(/\+/g, ' '));
  }
  return reply;
}
