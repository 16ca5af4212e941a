// Compiled by `pnpm typecheck` (never run): an authentication error is complete when it is made
// (#20 item 6). If `redactedBaseString` becomes writable again, the directive is unused and the
// build fails.
import { GatewayAuthenticationError } from '@paysign/gateway';

const error = new GatewayAuthenticationError('HTTP 403', { httpStatus: 403, fields: {} }, { redactedBaseString: 'POST&...' });
// @ts-expect-error redactedBaseString is given to the constructor, never set afterwards
error.redactedBaseString = 'POST&changed';
export const redacted: string | undefined = error.redactedBaseString;
