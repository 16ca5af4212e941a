import { redactCardData } from '@paysign/protocol';

/**
 * What a span may hold: a name, and attributes whose values are short strings or numbers. The
 * client and the callback handler put only these there, and every string through
 * `redactCardData` (a card number shows as its first 6 and last 4 digits).
 *
 * @example
 * ```ts
 * import type { TelemetryAttributes } from '@paysign/gateway';
 *
 * const attributes: TelemetryAttributes = { 'paysign.operation': 'transfer', 'http.response.status_code': 200 };
 * ```
 */
export type TelemetryAttributes = Readonly<Record<string, string | number>>;

/**
 * One span that a {@link GatewayTelemetry} started.
 *
 * @example
 * ```ts
 * import type { TelemetrySpan } from '@paysign/gateway';
 *
 * const span: TelemetrySpan = telemetry.startSpan('paysign transfer', 'client', { 'paysign.operation': 'transfer' });
 * span.setAttributes({ 'http.response.status_code': 200 });
 * span.end();
 * ```
 */
export interface TelemetrySpan {
  /** Adds attributes. */
  setAttributes(attributes: TelemetryAttributes): void;
  /** Marks the span failed, with the error's stable `code` (never its message). */
  fail(code: string): void;
  /** Ends the span. */
  end(): void;
}

/**
 * Where the client and the callback handler report what they did: one span per client operation
 * (`paysign transfer`, kind `'client'`) and per handled callback (`paysign callback`, kind
 * `'server'`). `openTelemetry()` of `@paysign/gateway/opentelemetry` makes one on
 * `@opentelemetry/api`; anything else with this shape works too.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type GatewayTelemetry } from '@paysign/gateway';
 * import { openTelemetry } from '@paysign/gateway/opentelemetry';
 *
 * const telemetry: GatewayTelemetry = openTelemetry();
 * const client = createGatewayClient({ ...options, telemetry });
 * ```
 */
export interface GatewayTelemetry {
  /** Starts a span. Never throws: a telemetry backend that fails must not fail a payment. */
  startSpan(name: string, kind: 'client' | 'server', attributes: TelemetryAttributes): TelemetrySpan;
}

const NO_SPAN: TelemetrySpan = { setAttributes() {}, fail() {}, end() {} };

// A span's values come from the gateway's reply or a caller's request: masked by the one rule
// (protocol's redactCardData), control characters dropped, and cut short, whatever they hold.
function clean(attributes: TelemetryAttributes): TelemetryAttributes {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(attributes)) {
    out[name] = typeof value === 'number' ? value : redactCardData(value.replace(/[\u0000-\u001f\u007f]/g, '')).slice(0, 128);
  }
  return out;
}

/**
 * Starts a span on `telemetry` (none: a span that does nothing), with its attributes cleaned, and
 * keeps a failing telemetry backend from failing the caller.
 */
export function startSpan(telemetry: GatewayTelemetry | undefined, name: string, kind: 'client' | 'server', attributes: TelemetryAttributes): TelemetrySpan {
  if (telemetry === undefined) return NO_SPAN;
  let span: TelemetrySpan;
  try {
    span = telemetry.startSpan(name, kind, clean(attributes));
  } catch {
    return NO_SPAN;
  }
  return {
    setAttributes(more) {
      try {
        span.setAttributes(clean(more));
      } catch {}
    },
    fail(code) {
      try {
        span.fail(redactCardData(code));
      } catch {}
    },
    end() {
      try {
        span.end();
      } catch {}
    },
  };
}
