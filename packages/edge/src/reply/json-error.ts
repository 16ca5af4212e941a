import { redactCardData } from '@paysign/protocol';
import type { EdgeErrorCode } from '../errors.js';

/**
 * One broken gateway rule, as the proxy reports it: the wire field, the rule, a masked message.
 *
 * @example
 * ```ts
 * import type { ErrorBody, ReportedIssue } from '@paysign/edge';
 *
 * const { error } = (await reply.json()) as ErrorBody;
 * const issues: readonly ReportedIssue[] = error.issues ?? [];
 * for (const issue of issues) console.error(`${issue.row ? `row ${issue.row}: ` : ''}${issue.field}: ${issue.rule}`);
 * ```
 */
export interface ReportedIssue {
  field: string;
  rule: string;
  message: string;
  /** For update-recurring-payments: the 1-based data row of the payload's CSV. */
  row?: number;
}

/**
 * The JSON body of every refusal: `{ "error": { "code", "message", "issues"? } }`.
 *
 * @example
 * ```ts
 * import type { ErrorBody } from '@paysign/edge';
 *
 * const reply = await fetch(proxyUrl, { method: 'POST', headers, body });
 * if (reply.headers.get('content-type')?.startsWith('application/json') && !reply.ok) {
 *   const { error } = (await reply.json()) as ErrorBody;
 *   console.error(error.code, error.message);
 * }
 * ```
 */
export interface ErrorBody {
  error: {
    code: EdgeErrorCode;
    message: string;
    issues?: readonly ReportedIssue[];
  };
}

/** The HTTP status that goes with each refusal code. */
export const STATUS: Readonly<Record<Exclude<EdgeErrorCode, 'INVALID_OPTIONS'>, number>> = {
  MALFORMED_REQUEST: 400,
  UNAUTHENTICATED: 401,
  OPERATION_NOT_ALLOWED: 403,
  ENDPOINT_NOT_ALLOWED: 403,
  UNKNOWN_OPERATION: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  PROXY_MISCONFIGURED: 500,
  UPSTREAM_UNREACHABLE: 502,
  REPLAY_STORE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
};

/** A refusal the pipeline returns instead of signing: its code, a message safe to show, and extras. */
export interface Refusal {
  code: Exclude<EdgeErrorCode, 'INVALID_OPTIONS'>;
  message: string;
  issues?: readonly ReportedIssue[];
  headers?: Readonly<Record<string, string>>;
}

/**
 * The JSON error response for a refusal, its message, issue fields and issue messages passed
 * through `redactCardData` of `@paysign/gateway`. `no-store`, because an error about one caller's
 * request must never be served to another from a cache.
 */
export function errorResponse(refusal: Refusal): Response {
  // The one masking rule of @paysign/gateway, once more on the way out: a message built from a
  // request must never carry a card number or CVV, even one a validator failed to mask.
  const body: ErrorBody = { error: { code: refusal.code, message: redactCardData(refusal.message) } };
  if (refusal.issues !== undefined) {
    body.error.issues = refusal.issues.map((issue) => ({ ...issue, field: redactCardData(issue.field), message: redactCardData(issue.message) }));
  }
  return new Response(JSON.stringify(body), {
    status: STATUS[refusal.code],
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...refusal.headers },
  });
}
