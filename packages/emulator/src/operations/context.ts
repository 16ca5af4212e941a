import type { RegisteredMerchant } from '../merchants/merchant-account.js';
import type { EmulatorLog } from '../log.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { ProfileStore } from '../store/profile-store.js';

/** Pairs of a form-encoded gateway reply, in order. */
export type ReplyPairs = [string, string][];

/** What an operation handler gets once the request is authenticated. */
export interface OperationContext {
  /** The request's operation parameters (query and body, decoded, `oauth_*` removed), in order. */
  params: readonly (readonly [string, string])[];
  merchant: RegisteredMerchant;
  endpointId: string;
  serialNumber: string;
  profiles: ProfileStore;
  /** Who owns which recurring payment: another merchant's payment is answered as an unknown id. */
  owners: PaymentOwners;
  log: EmulatorLog;
}

/** A `validation-error` reply: `error-message` names the row (if any) and field, never a value. */
export function validationError(serialNumber: string, message: string, merchantOrderId?: string): ReplyPairs {
  return [
    ['type', 'validation-error'],
    ['serial-number', serialNumber],
    ...(merchantOrderId !== undefined ? ([['merchant-order-id', merchantOrderId]] as ReplyPairs) : []),
    ['error-message', message],
    ['error-code', VALIDATION_ERROR_CODE],
  ];
}

/**
 * The spec names error codes 200, 403 and 500 without saying which condition gives which; the
 * emulator answers every validation-error with this one code, documented in its README.
 */
export const VALIDATION_ERROR_CODE = '400';

/** Reads a parameter that must appear exactly once and be non-empty; returns an error text otherwise. */
export function singleParam(params: OperationContext['params'], name: string): { value: string } | { error: string } {
  const values = params.filter(([key]) => key === name).map(([, value]) => value);
  if (values.length === 0 || values[0] === '') return { error: `${name}: is required` };
  if (values.length > 1) return { error: `${name}: is given ${values.length} times; send it once` };
  return { value: values[0] as string };
}
