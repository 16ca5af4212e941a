import { GatewayReplyTooLargeError, GatewayTimeoutError, GatewayTransportError } from '../errors.js';
import { transportCause } from './transport-cause.js';
import type { ResponseHeaders } from '../response/parse-gateway-response.js';
import type { ReadReply } from '../transport/direct-reply.js';

// What only sending needs, loaded when the first request goes out, so that importing the package
// and making a client do not load it (scripts/packaging/import-time.mjs measures that time):
// createNodeFetch's reply reader and the capped body reader.
type SendingParts = [typeof import('../transport/direct-reply.js'), typeof import('@paysign/protocol/io')];
let sendingParts: Promise<SendingParts> | undefined;
function loadSendingParts(): Promise<SendingParts> {
  sendingParts ??= Promise.all([import('../transport/direct-reply.js'), import('@paysign/protocol/io')]).catch((error: unknown) => {
    sendingParts = undefined;
    throw error;
  });
  return sendingParts;
}

// As `response.text()` decodes: UTF-8, malformed bytes as U+FFFD, a leading BOM dropped.
const decoder = new TextDecoder();

/** The longest delay a timer keeps (2^31-1 ms); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** One HTTP exchange: POST, then the reply read as text, at most `maxReplyBytes` of it. */
export interface RawReply {
  status: number;
  body: string;
  headers: ResponseHeaders;
}

export interface SendOptions {
  fetch: typeof fetch;
  operation: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The largest reply read, in bytes; a longer one throws {@link GatewayReplyTooLargeError}. */
  maxReplyBytes: number;
  signals: readonly (AbortSignal | undefined)[];
}

/**
 * Sends once. There is no retry here or anywhere in this package: a transfer moves money, and a
 * request whose reply was lost may have been carried out, so only the caller, after checking the
 * outcome, may send again. TLS settings are the runtime's; nothing here relaxes them.
 */
export async function sendRequest(options: SendOptions): Promise<RawReply> {
  const [{ replyReaderOf, ExchangeAbort }, { readCappedBytes }] = await loadSendingParts();
  const callerSignals = options.signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (callerSignals.some((signal) => signal.aborted)) {
    throw new GatewayTransportError('ABORTED', `${options.operation}: aborted by the caller before sending`);
  }
  // One abort per request, fired by the timer or by a caller's signal: AbortSignal.any and
  // AbortSignal.timeout would leave a weak reference on the caller's signal per request (a bulk
  // run sends every row with one signal) and a timer object for the collector to sweep. For
  // createNodeFetch's reader it is a plain ExchangeAbort, not an AbortController: on Node 20 an
  // AbortSignal costs about as much to make as the rest of the request's preparation.
  const readReply = replyReaderOf(options.fetch);
  const abort = readReply === undefined ? new AbortController() : new ExchangeAbort();
  let timedOut = false;
  const onTimeout = () => {
    timedOut = true;
    abort.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  };
  // setTimeout fires at once past 2^31 - 1 ms (~24.8 days): a longer timeout waits that long.
  const timer = setTimeout(onTimeout, Math.min(options.timeoutMs, MAX_TIMER_MS));
  const onCallerAbort = (event: Event) => abort.abort((event.target as AbortSignal).reason);
  for (const callerSignal of callerSignals) callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  try {
    // createNodeFetch's reader: the POST sent as it is (never redirected), node:http's reply read
    // straight into bytes, no Response per reply.
    if (abort instanceof ExchangeAbort) {
      const reply = await (readReply as ReadReply)(options.url, { headers: options.headers, body: options.body }, options.maxReplyBytes, abort);
      if (reply.body === undefined) throw new GatewayReplyTooLargeError(options.operation, reply.status, options.maxReplyBytes);
      return { status: reply.status, body: decoder.decode(reply.body), headers: reply.headers };
    }
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: options.headers,
      body: options.body,
      // A redirected POST would be replayed as a GET or re-signed nowhere: report it instead.
      redirect: 'manual',
      signal: abort.signal,
    });
    const bytes = await readCappedBytes(response, options.maxReplyBytes);
    const body = bytes === undefined ? undefined : decoder.decode(bytes);
    if (body === undefined) throw new GatewayReplyTooLargeError(options.operation, response.status, options.maxReplyBytes);
    return { status: response.status, body, headers: response.headers };
  } catch (error) {
    if (error instanceof GatewayReplyTooLargeError) throw error;
    if (callerSignals.some((s) => s.aborted)) {
      throw new GatewayTransportError('ABORTED', `${options.operation}: aborted by the caller (the request may have reached the gateway)`, { cause: error });
    }
    if (timedOut) throw new GatewayTimeoutError(options.timeoutMs, options.operation);
    throw new GatewayTransportError('TRANSPORT_FAILED', `${options.operation}: no reply from the gateway (${transportCause(error).text})`, { cause: error });
  } finally {
    clearTimeout(timer);
    for (const callerSignal of callerSignals) callerSignal.removeEventListener('abort', onCallerAbort);
  }
}
