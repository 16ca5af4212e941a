import { encodeGatewayReply } from '@paysign/protocol/wire';
import { GATEWAY_HEADERS } from './headers.js';

/** A 200 reply with a form-encoded body, content type as the gateway's documentation shows. */
export function formReply(pairs: readonly (readonly [string, string])[]): Response {
  return new Response(encodeGatewayReply(pairs), {
    status: 200,
    headers: { ...GATEWAY_HEADERS, 'Content-Type': 'text/html;charset=utf-8' },
  });
}
