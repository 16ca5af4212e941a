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
