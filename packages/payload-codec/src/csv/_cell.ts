/**
 * What to do with a value holding `;`, `"`, CR or LF.
 *
 * @example
 * ```ts
 * import { encodeCsv, type Quoting } from '@paysign/payload-codec';
 *
 * const quoting: Quoting = 'rfc4180';
 * encodeCsv([{ name: 'Doe; John' }], { columns: ['name'], quoting }); // 'name\r\n"Doe; John"\r\n'
 * ```
 */
export type Quoting = 'reject' | 'rfc4180';

const STRUCTURAL = /[;"\r\n]/;

/** Names the first structural character of a value, for an error message that must not quote it. */
export function describeStructuralCharacter(value: string): string {
  const found = STRUCTURAL.exec(value)?.[0];
  return found === ';' ? 'a semicolon' : found === '"' ? 'a double quote' : found === '\r' ? 'a CR' : 'an LF';
}
