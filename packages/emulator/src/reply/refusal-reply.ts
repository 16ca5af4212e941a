import type { EmulatorLog } from '../log.js';
import type { Refusal } from '../request/check-request.js';
import type { GatewayReply, GatewayRequest } from '../request/gateway-request.js';
import type { SignatureRefusal } from '../request/signature-cause.js';
import { emptyReply } from './headers.js';

export interface RefusalReplyOptions {
  log: EmulatorLog;
  /** Finds a signature refusal's cause after the reply: the request inspector's diagnosis (src/request/signature-cause.ts). */
  signatureCause: (refusal: SignatureRefusal) => Promise<string | undefined>;
}

/**
 * Answers refused requests as the gateway does (an empty 403, 400, 413 that closes the
 * connection, 415, or 404 with the gateway's headers) and logs each with its cause code; a
 * signature refusal's line is written once its cause is found, after the reply. An internal error
 * is a 500 whose line names only the error's class and code (its message could quote request data).
 *
 * @example
 * ```ts
 * const replies = createRefusalReplies({ log, signatureCause });
 * const outcome = await check(request);
 * if (!outcome.accepted) return replies.refused(request, new URL(request.url).pathname, outcome);
 * ```
 */
export function createRefusalReplies(options: RefusalReplyOptions): {
  refused(request: GatewayRequest, path: string, refusal: Refusal): GatewayReply;
  internalError(error: unknown): GatewayReply;
} {
  const { log } = options;
  return {
    refused(request, path, refusal) {
      const event = {
        kind: 'refused',
        ...(refusal.status !== 403 && { status: refusal.status }),
        method: request.method,
        path,
        reason: refusal.reason,
        ...(refusal.code !== refusal.reason && { cause: refusal.code }),
        // A path that is no operation: its cause names the command and version called (escaped by the log).
        message: refusal.message,
      } as const;
      if (refusal.reason === 'invalid_signature' && refusal.body !== undefined) {
        void options
          .signatureCause({ method: request.method, url: request.url, authorization: request.header('authorization'), body: refusal.body })
          .then((cause) => log(cause === undefined ? event : { ...event, cause }));
      } else log(event);
      return emptyReply(refusal.status, { close: refusal.status === 413 });
    },
    internalError(error) {
      const { name, code } = error as { name?: string; code?: unknown };
      log({
        kind: 'refused',
        status: 500,
        method: '-',
        path: '-',
        reason: 'internal_error',
        message: `internal error ${name ?? 'Error'}${code !== undefined ? ` ${String(code)}` : ''}`,
      });
      return emptyReply(500);
    },
  };
}
