// @paysign/gateway/opentelemetry: the client's and the callback handler's spans on
// @opentelemetry/api (an optional peer dependency: only this entry imports it).
import { SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { GatewayTelemetry } from './telemetry/telemetry.js';

/**
 * Options of {@link openTelemetry}.
 *
 * @example
 * ```ts
 * import { openTelemetry, type OpenTelemetryOptions } from '@paysign/gateway/opentelemetry';
 *
 * const options: OpenTelemetryOptions = { tracer: provider.getTracer('payments-service') }; // provider: your SDK's TracerProvider
 * const telemetry = openTelemetry(options);
 * ```
 */
export interface OpenTelemetryOptions {
  /** The tracer. Default: `trace.getTracer('@paysign/gateway')` of the global provider, read when each span starts. */
  tracer?: Tracer;
}

/**
 * The gateway client's and the callback handler's spans on `@opentelemetry/api`: one span per
 * client operation, named `paysign <operation>` (`paysign transfer`, kind CLIENT), and one per
 * callback, `paysign callback` (kind SERVER). Their attributes: `paysign.operation`,
 * `url.template` (`/payment/api/v4/transfer/{endpoint_id}`), `http.request.method`,
 * `http.response.status_code`, `paysign.signature_method`, `paysign.gateway.type`,
 * `paysign.gateway.status`, `paysign.gateway.serial_number`, `error.type` (the error's `code`),
 * `paysign.callback.verdict`, `paysign.callback.refusal`, `paysign.callback.status`; a failure
 * sets the span's status to ERROR with the code. Never a request field, a key, an
 * `oauth_signature`, a callback's `control`, a header or a body; a card number the gateway echoes
 * shows as its first 6 and last 4 digits. Without a registered SDK the API makes no-op spans.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, createGatewayClient } from '@paysign/gateway';
 * import { openTelemetry } from '@paysign/gateway/opentelemetry';
 *
 * const telemetry = openTelemetry(); // after your SDK registered its provider (NodeSDK, ...)
 * const client = createGatewayClient({ ...options, telemetry });
 * const callbacks = createCallbackHandler({ controlKey, findOrder, onCallback, telemetry });
 * ```
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): GatewayTelemetry {
  return {
    startSpan(name, kind, attributes) {
      const tracer = options.tracer ?? trace.getTracer('@paysign/gateway');
      const span = tracer.startSpan(name, { kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.SERVER, attributes });
      return {
        setAttributes: (more) => void span.setAttributes(more),
        fail: (code) => void span.setStatus({ code: SpanStatusCode.ERROR, message: code }),
        end: () => span.end(),
      };
    },
  };
}
