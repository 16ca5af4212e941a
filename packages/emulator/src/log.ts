import type { VerificationFailureReason } from '@paysign/oauth-core';
import type { GatewayOperation } from '@paysign/protocol';
import { escapeLogValue } from './log-escape.js';

/**
 * Why the emulator refused a request before verifying it (HTTP 400, 413 or 415).
 *
 * @example
 * ```ts
 * import type { RequestShapeReason } from '@paysign/emulator';
 *
 * const reason: RequestShapeReason = 'body_too_large'; // answered 413, before the signature is checked
 * ```
 */
export type RequestShapeReason = 'too_many_parameters' | 'body_too_large' | 'unsupported_media_type';

/**
 * Why the emulator refused a request: oauth-core's reason, or the emulator's own for the
 * endpoint, the path, the request's shape and its own failures.
 *
 * @example
 * ```ts
 * import type { RefusalReason } from '@paysign/emulator';
 *
 * const reason: RefusalReason = 'endpoint_not_assigned';
 * ```
 */
export type RefusalReason = VerificationFailureReason | 'endpoint_not_assigned' | 'unknown_route' | 'internal_error' | RequestShapeReason;

/**
 * What the emulator tells its log: why a request was refused, or what it accepted. Never a secret, key or full card number.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorEvent } from '@paysign/emulator';
 *
 * const events: EmulatorEvent[] = [];
 * const emulator = createEmulator({ merchants, log: (event) => events.push(event) });
 * // after a request: events.filter((event) => event.kind === 'refused').map((event) => event.reason)
 * ```
 */
export type EmulatorEvent =
  | {
      kind: 'refused';
      /** The HTTP status answered: 403 (the default when absent) for authentication, 400, 413 or 415 for the request's shape, 404 for a path that is no operation, 500 for an internal error. */
      status?: 400 | 403 | 404 | 413 | 415 | 500;
      method: string;
      path: string;
      /** oauth-core's reason, or the emulator's own for endpoint checks and request shape. */
      reason: RefusalReason;
      /**
       * The cause code, when it says more than `reason`: `nonce_reused`, or for a signature that
       * does not verify the first cause `paysign explain` finds (`wrong_key`, `url_host`, ...).
       */
      cause?: string;
      message: string;
    }
  | { kind: 'accepted'; operation: OperationName; path: string; login: string; serialNumber: string; outcome: string; detail?: string }
  | { kind: 'updated'; recurringPaymentId: string; revision: number; serialNumber: string }
  | { kind: 'charged'; recurringPaymentId: string; index: number; date: string; amount: string; status: string; orderid: string }
  | {
      kind: 'callback';
      recurringPaymentId: string;
      orderid: string;
      /** The address without its query. */
      url: string;
      /** 1 for the first attempt; 0 when the callback was not sent at all. */
      attempt: number;
      outcome: string;
    };

/**
 * The three operations of the spec, named as @paysign/protocol's operations table names them.
 *
 * @example
 * ```ts
 * import type { OperationName } from '@paysign/emulator';
 *
 * const counts = new Map<OperationName, number>();
 * createEmulator({ merchants, log: (event) => event.kind === 'accepted' && counts.set(event.operation, (counts.get(event.operation) ?? 0) + 1) });
 * ```
 */
export type OperationName = GatewayOperation;

/**
 * Receives emulator events.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorLog } from '@paysign/emulator';
 *
 * // JSON lines for a log collector (JSON.stringify escapes control characters too).
 * const log: EmulatorLog = (event) => console.log(JSON.stringify(event));
 * const emulator = createEmulator({ merchants, log });
 * ```
 */
export type EmulatorLog = (event: EmulatorEvent) => void;

/**
 * A log that writes one readable line per event to `write` (default: `console.error`). Every
 * value in a line goes through {@link escapeLogValue}, so a request value holding `\n`, `\r` or
 * another control character cannot start a second line or rewrite the terminal: one event is
 * always one line.
 *
 * @example
 * ```ts
 * createEmulator({ merchants, log: lineLog((line) => process.stderr.write(line + '\n')) });
 * ```
 */
export function lineLog(write: (line: string) => void = (line) => console.error(line)): EmulatorLog {
  const e = (value: string | number): string => escapeLogValue(String(value));
  return (event) => {
    switch (event.kind) {
      case 'refused':
        return write(
          `${e(event.status ?? 403)} ${e(event.method)} ${e(event.path)}: ${event.cause !== undefined && event.cause !== event.reason ? `${e(event.cause)} (${e(event.reason)})` : e(event.reason)}: ${e(event.message)}`,
        );
      case 'accepted':
        return write(
          `200 POST ${e(event.path)}: ${e(event.operation)} by ${e(event.login)}: ${e(event.outcome)}${event.detail ? ` (${e(event.detail)})` : ''} serial ${e(event.serialNumber)}`,
        );
      case 'updated':
        return write(`updated recurring payment ${e(event.recurringPaymentId)} to revision ${e(event.revision)} (serial ${e(event.serialNumber)})`);
      case 'charged':
        return write(
          `charged recurring payment ${e(event.recurringPaymentId)} #${e(event.index)} on ${e(event.date)}: ${e(event.amount)} ${e(event.status)} (orderid ${e(event.orderid)})`,
        );
      case 'callback':
        return write(
          `callback for ${e(event.recurringPaymentId)} orderid ${e(event.orderid)} to ${e(event.url)}, attempt ${e(event.attempt)}: ${e(event.outcome)}`,
        );
    }
  };
}
