// The Cloudflare entry with its clock 400 s behind the world's (an isolate far behind the Durable
// Object's clock), for test/security/stale-nonce.test.ts.
import { createCloudflareWorker, PaysignNonceStore } from '@paysign/edge/cloudflare';

export { PaysignNonceStore };
export default createCloudflareWorker({ now: () => Date.now() / 1000 - 400 });
