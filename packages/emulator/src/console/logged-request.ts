// The request inspector's shapes: what it keeps of a request and how it is filtered (imported by
// the log and its parts, importing none of them).
import type { RequestToShow } from '@paysign/protocol/diagnose';

/** Why a request was refused: the emulator's own code, or for a signature that does not verify, the diagnosis engine's. */
export interface RefusalCause {
  code: string;
  message: string;
}

/** Why the emulator refused a request, as it knew at the time. */
export interface RefusalOutcome {
  reason: string;
  message: string;
}

/**
 * One request the emulator answered, as the inspector shows it: all of it masked (a card number
 * 6 + 4, a CVV as stars, the payload as its length), a long body cut.
 */
export interface LoggedRequest {
  /** Increasing; `before=ID` pages to older ones. */
  id: number;
  /** ISO time it was answered. */
  at: string;
  method: string;
  path: string;
  operation?: string;
  login?: string;
  /** Order ids the request or its reply names (the merchant's and the gateway's). */
  orders: string[];
  status: number;
  request: RequestToShow;
  reply: { status: number; body: string };
  /** `pending` until the diagnosis queue reaches it; `skipped` when the body is over the diagnosis cap. */
  diagnosis: 'none' | 'pending' | 'done' | 'skipped';
  /** Why it was refused (absent when it was answered 2xx). */
  causes?: RefusalCause[];
  /** The base string the gateway computes for it, masked, when the diagnosis could build one. */
  expectedBaseString?: string;
  /** The diagnosis engine's verdict, once diagnosed. */
  verdict?: string;
}

/** Which requests {@link RequestLog.list} returns. */
export interface RequestFilter {
  refused?: boolean;
  operation?: string;
  login?: string;
  order?: string;
  /** Only requests older than this id. */
  before?: number;
  /** Default 50, at most 500. */
  limit?: number;
}
