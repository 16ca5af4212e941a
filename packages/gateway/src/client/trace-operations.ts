import { operationPath } from '@paysign/protocol/wire';
import type { GatewayOperation } from '@paysign/protocol';
import { GatewayAuthenticationError, GatewayError, GatewayReplyTooLargeError, GatewayResponseError } from '../errors.js';
import type { GatewayResult } from '../response/gateway-result.js';
import { startSpan, type GatewayTelemetry, type TelemetryAttributes } from '../telemetry/telemetry.js';
import type { GatewayClient } from './create-gateway-client.js';

const METHOD_OPERATION = {
  updateRecurringPayments: 'update-recurring-payments',
  updateRecurringPaymentRows: 'update-recurring-payments',
  panEligibilitySend: 'pan-eligibility/send',
  transfer: 'transfer',
} as const satisfies Record<string, GatewayOperation>;

// What a span may say of a reply: its status and the gateway's type, status and serial number.
// Never a field of the request, a header, the body or any other field of the reply.
function resultAttributes(result: GatewayResult): TelemetryAttributes {
  return {
    'http.response.status_code': result.httpStatus,
    ...(result.type !== undefined && { 'paysign.gateway.type': result.type }),
    ...(result.status !== undefined && { 'paysign.gateway.status': result.status }),
    ...(result.serialNumber !== undefined && { 'paysign.gateway.serial_number': result.serialNumber }),
  };
}

function errorAttributes(error: unknown): TelemetryAttributes {
  if (!(error instanceof GatewayError)) return { 'error.type': error instanceof Error ? error.name : 'unknown' };
  const details = error instanceof GatewayAuthenticationError || error instanceof GatewayResponseError ? error.details : undefined;
  const httpStatus = details?.httpStatus ?? (error instanceof GatewayReplyTooLargeError ? error.httpStatus : undefined);
  return {
    'error.type': error.code,
    ...(httpStatus !== undefined && { 'http.response.status_code': httpStatus }),
    ...(details?.type !== undefined && { 'paysign.gateway.type': details.type }),
    ...(details?.serialNumber !== undefined && { 'paysign.gateway.serial_number': details.serialNumber }),
  };
}

/**
 * The client with one span per operation call (`paysign <operation>`), from the call to its
 * result or error: validation refusals, transport failures and the gateway's answers alike.
 */
export function traceOperations(client: GatewayClient, telemetry: GatewayTelemetry | undefined, pathPrefix: string): GatewayClient {
  if (telemetry === undefined) return client;
  const traced = { ...client };
  for (const [method, operation] of Object.entries(METHOD_OPERATION) as [keyof typeof METHOD_OPERATION, GatewayOperation][]) {
    const run = client[method] as (...args: unknown[]) => Promise<GatewayResult>;
    const template = `${operationPath(operation, '', pathPrefix)}{endpoint_id}`;
    (traced as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const span = startSpan(telemetry, `paysign ${operation}`, 'client', {
        'paysign.operation': operation,
        'paysign.signature_method': client.signatureMethods[operation],
        'http.request.method': 'POST',
        'url.template': template,
      });
      try {
        const result = await run(...args);
        span.setAttributes(resultAttributes(result));
        return result;
      } catch (error) {
        span.setAttributes(errorAttributes(error));
        span.fail(error instanceof GatewayError ? error.code : 'UNKNOWN');
        throw error;
      } finally {
        span.end();
      }
    };
  }
  return traced;
}
