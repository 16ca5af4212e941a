import { encodeGatewayJsonReply, JSON_REPLY_MEDIA_TYPE } from '@paysign/protocol/wire';
import type { GatewayReply } from '../request/gateway-request.js';
import { GATEWAY_HEADERS } from './headers.js';

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...GATEWAY_HEADERS, 'Content-Type': JSON_REPLY_MEDIA_TYPE });

/**
 * A JSON-variant reply: 200 for a result, 400 for `type=validation-error` or `type=error` (the
 * family answers those with a 4xx and the JSON body), `Content-Type: application/vnd.pay+json`.
 */
export function jsonReply(pairs: readonly (readonly [string, string])[]): GatewayReply {
  const type = pairs.find(([name]) => name === 'type')?.[1];
  return { status: type === 'validation-error' || type === 'error' ? 400 : 200, headers: JSON_HEADERS, body: encodeGatewayJsonReply(pairs) };
}
