import { operationPath } from '@paysign/protocol/wire';
import type { GatewayOperation } from '@paysign/protocol';
import { GatewayAuthenticationError, GatewayError, GatewayReplyTooLargeError, GatewayResponseError } from '../errors.js';
import type { GatewayResult } from '../response/gateway-result.js';
import { startSpan, type GatewayTelemetry, type TelemetryAttributes } from '../telemetry/telemetry.js';
import type { GatewayClient } from './create-gateway-client.js';
import { readGatewayCommand, type GatewayCommand } from './gateway-command.js';
import type { GatewaySignatureMethod } from './options.js';

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
 * The client with one span per call (`paysign <command>`), from the call to its result or error:
 * validation refusals, transport failures and the gateway's answers alike. `client.request` has
 * one too, named by its command when the name is one the client can send (else `paysign request`).
 */
export function traceOperations(
  client: GatewayClient,
  telemetry: GatewayTelemetry | undefined,
  pathPrefix: string,
  methodFor: (command: GatewayCommand) => GatewaySignatureMethod,
): GatewayClient {
  if (telemetry === undefined) return client;
  const traced = { ...client };
  const inSpan = async (attributes: TelemetryAttributes & { 'paysign.operation': string }, run: () => Promise<GatewayResult>): Promise<GatewayResult> => {
    const span = startSpan(telemetry, `paysign ${attributes['paysign.operation']}`, 'client', { ...attributes, 'http.request.method': 'POST' });
    try {
      const result = await run();
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
  for (const [method, operation] of Object.entries(METHOD_OPERATION) as [keyof typeof METHOD_OPERATION, GatewayOperation][]) {
    const run = client[method] as (...args: unknown[]) => Promise<GatewayResult>;
    const attributes = {
      'paysign.operation': operation,
      'paysign.signature_method': client.signatureMethods[operation],
      'url.template': `${operationPath(operation, '', pathPrefix)}{endpoint_id}`,
    };
    (traced as Record<string, unknown>)[method] = (...args: unknown[]) => inSpan(attributes, () => run(...args));
  }
  traced.request = (operation, params, options) => {
    // Only a command name the client would send is shown: the caller's text may be anything.
    const command = readGatewayCommand(operation, options?.version);
    const attributes: TelemetryAttributes & { 'paysign.operation': string } = Array.isArray(command)
      ? { 'paysign.operation': 'request' }
      : {
          'paysign.operation': command.name,
          'paysign.signature_method': options?.signatureMethod ?? methodFor(command),
          'url.template': `${operationPath(command, '', pathPrefix)}{endpoint_id}`,
        };
    return inSpan(attributes, () => client.request(operation, params, options));
  };
  return traced;
}
