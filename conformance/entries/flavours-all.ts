// Every build of @paysign/oauth-core, for runtimes with node:crypto (Node, Deno, Bun, workerd with
// nodejs_compat). Imported by package name so the runtime's own resolver (or esbuild, with the
// runtime's conditions) reads the export map.
import * as bare from '@paysign/oauth-core';
import * as hmac from '@paysign/oauth-core/hmac';
import * as js from '@paysign/oauth-core/js';
import * as node from '@paysign/oauth-core/node';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import { withSubpaths, type Flavours } from './flavours.js';

export const flavours: Flavours = { node: withSubpaths(node), webcrypto: withSubpaths(webcrypto), js: withSubpaths(js) };
const bareWithSubpaths = withSubpaths(bare);
export { bareWithSubpaths as bare, hmac };
