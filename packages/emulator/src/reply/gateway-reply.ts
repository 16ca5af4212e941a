import { formReply } from './form-reply.js';
import { jsonReply } from './json-reply.js';
import type { ReplyFormat } from '@paysign/protocol/wire';

/** Writes an operation's reply pairs in the format the request asked for (see `replyFormatFor`). */
export function gatewayReply(pairs: readonly (readonly [string, string])[], format: ReplyFormat): Response {
  return format === 'json' ? jsonReply(pairs) : formReply(pairs);
}
