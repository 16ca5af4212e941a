/** What to do with a value holding `;`, `"`, CR or LF. */
export type Quoting = 'reject' | 'rfc4180';

const STRUCTURAL = /[;"\r\n]/;

/** Names the first structural character of a value, for an error message that must not quote it. */
export function describeStructuralCharacter(value: string): string {
  const found = STRUCTURAL.exec(value)?.[0];
  return found === ';' ? 'a semicolon' : found === '"' ? 'a double quote' : found === '\r' ? 'a CR' : 'an LF';
}
