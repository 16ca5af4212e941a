// workerd without nodejs_compat: WebCrypto and pure JS only.
import { bare, flavours } from './flavours-edge.js';
import { workerdTest } from './workerd-test.js';

export default workerdTest('workerd', flavours, bare);
