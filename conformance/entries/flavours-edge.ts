// The builds of @paysign/oauth-core that need no node:crypto, for workerd without nodejs_compat and
// the edge runtime. Importing the node build here would fail the bundle, which is the point.
import * as bare from '@paysign/oauth-core';
import * as hmac from '@paysign/oauth-core/hmac';
import * as js from '@paysign/oauth-core/js';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import { withSubpaths, type Flavours } from './flavours.js';

export const flavours: Flavours = { webcrypto: withSubpaths(webcrypto), js: withSubpaths(js) };
const bareWithSubpaths = withSubpaths(bare);
export { bareWithSubpaths as bare, hmac };
