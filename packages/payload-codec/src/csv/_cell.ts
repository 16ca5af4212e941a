/** What to do with a value holding `;`, `"`, CR or LF. */
export type Quoting = 'reject' | 'rfc4180';

/** The characters that change a CSV document's structure: the gateway's separator, quote, line break. */
export const STRUCTURAL = /[;"\r\n]/;

/** Names the first structural character of a value, for an error message that must not quote it. */
export function describeStructuralCharacter(value: string): string {
  const found = STRUCTURAL.exec(value)?.[0];
  return found === ';' ? 'a semicolon' : found === '"' ? 'a double quote' : found === '\r' ? 'a CR' : 'an LF';
}

/** RFC 4180 §2.5-2.7: enclose in double quotes, double every quote inside. */
export function quoteCell(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}
