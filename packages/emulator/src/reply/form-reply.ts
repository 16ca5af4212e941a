import { encodeGatewayReply } from '@paysign/protocol/wire';
import type { GatewayReply } from '../request/gateway-request.js';
import { GATEWAY_HEADERS } from './headers.js';

const FORM_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...GATEWAY_HEADERS, 'Content-Type': 'text/html;charset=utf-8' });

/** A 200 reply with a form-encoded body, content type as the gateway's documentation shows. */
export function formReply(pairs: readonly (readonly [string, string])[]): GatewayReply {
  return { status: 200, headers: FORM_HEADERS, body: encodeGatewayReply(pairs) };
}
