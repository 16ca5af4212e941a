import { GATEWAY_HEADERS } from './headers.js';
import { encodeGatewayJsonReply, JSON_REPLY_MEDIA_TYPE } from '@paysign/protocol/wire';

/**
 * A JSON-variant reply: 200 for a result, 400 for `type=validation-error` or `type=error` (the
 * family answers those with a 4xx and the JSON body), `Content-Type: application/vnd.pay+json`.
 */
export function jsonReply(pairs: readonly (readonly [string, string])[]): Response {
  const type = pairs.find(([name]) => name === 'type')?.[1];
  return new Response(encodeGatewayJsonReply(pairs), {
    status: type === 'validation-error' || type === 'error' ? 400 : 200,
    headers: { ...GATEWAY_HEADERS, 'Content-Type': JSON_REPLY_MEDIA_TYPE },
  });
}
