// workerd without nodejs_compat: WebCrypto and pure JS only.
import { bare, flavours, hmac } from './flavours-edge.js';
import { workerdTest } from './workerd-test.js';

export default workerdTest('workerd', flavours, bare, hmac);
