import type { ReplyFormat } from '@paysign/protocol/wire';
import type { GatewayReply } from '../request/gateway-request.js';
import { formReply } from './form-reply.js';
import { jsonReply } from './json-reply.js';

/** Writes an operation's reply pairs in the format the request asked for (see `replyFormatFor`). */
export function gatewayReply(pairs: readonly (readonly [string, string])[], format: ReplyFormat): GatewayReply {
  return format === 'json' ? jsonReply(pairs) : formReply(pairs);
}
