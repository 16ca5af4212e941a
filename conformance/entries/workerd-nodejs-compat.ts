// workerd with nodejs_compat: node:crypto exists, so the node build runs too.
import { bare, flavours, hmac } from './flavours-all.js';
import { workerdTest } from './workerd-test.js';

export default workerdTest('workerd+nodejs_compat', flavours, bare, hmac);
