/**
 * Stable error codes of `@paysign/emulator`; match on `code`, never on the message.
 *
 * @example
 * ```ts
 * import { createMerchantRegistry, EmulatorError, type EmulatorErrorCode } from '@paysign/emulator';
 *
 * const setupCodes: EmulatorErrorCode[] = ['INVALID_MERCHANT', 'INVALID_PROFILES'];
 * try {
 *   createMerchantRegistry([{ login: 'merchant', endpointIds: ['1234'] }]); // neither a control key nor a public key
 * } catch (error) {
 *   if (error instanceof EmulatorError && setupCodes.includes(error.code)) console.error(error.message);
 * }
 * ```
 */
export type EmulatorErrorCode =
  | 'INVALID_MERCHANT' // a merchant account without a login, key or endpoint, or one registered twice
  | 'INVALID_PROFILES' // a profiles document that is not JSON of the documented shape
  | 'INVALID_OPTIONS' // an option of the wrong shape (prefix, window, port, host)
  | 'INVALID_STATE' // a --state directory that is unreadable, damaged, foreign, of another version, or in use
  | 'UNSAFE_STATE'; // a --state directory another user owns or can write, or one holding a link or a file others can read

/**
 * The error class `@paysign/emulator` throws for bad setup. Its message names the field and the
 * rule, never a key, control key or card number.
 *
 * @example
 * ```ts
 * try {
 *   createEmulator({ merchants: [{ login: '', endpointIds: ['1'] }] });
 * } catch (error) {
 *   if (error instanceof EmulatorError) console.error(error.code, error.message); // INVALID_MERCHANT ...
 * }
 * ```
 */
export class EmulatorError extends Error {
  override readonly name = 'EmulatorError';
  readonly code: EmulatorErrorCode;

  constructor(code: EmulatorErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
