import type { VerificationFailureReason } from '@paysign/oauth-core';

/** What the emulator tells its log: why a request was refused, or what it accepted. Never a secret, key or full card number. */
export type EmulatorEvent =
  | {
      kind: 'refused';
      method: string;
      path: string;
      /** oauth-core's reason, or the emulator's own for endpoint checks. */
      reason: VerificationFailureReason | 'endpoint_not_assigned' | 'unknown_route';
      message: string;
    }
  | { kind: 'accepted'; operation: OperationName; path: string; login: string; serialNumber: string; outcome: string; detail?: string }
  | { kind: 'updated'; recurringPaymentId: string; revision: number; serialNumber: string };

/** The three operations of the spec. */
export type OperationName = 'update-recurring-payments' | 'pan-eligibility-send' | 'transfer';

/** Receives emulator events. */
export type EmulatorLog = (event: EmulatorEvent) => void;

/**
 * A log that writes one readable line per event to `write` (default: `console.error`).
 *
 * @example
 * ```ts
 * createEmulator({ merchants, log: lineLog((line) => process.stderr.write(line + '\n')) });
 * ```
 */
export function lineLog(write: (line: string) => void = (line) => console.error(line)): EmulatorLog {
  return (event) => {
    switch (event.kind) {
      case 'refused':
        return write(`403 ${event.method} ${event.path}: ${event.reason}: ${event.message}`);
      case 'accepted':
        return write(`200 POST ${event.path}: ${event.operation} by ${event.login}: ${event.outcome}${event.detail ? ` (${event.detail})` : ''} serial ${event.serialNumber}`);
      case 'updated':
        return write(`updated recurring payment ${event.recurringPaymentId} to revision ${event.revision} (serial ${event.serialNumber})`);
    }
  };
}
