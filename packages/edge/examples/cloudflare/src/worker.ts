// The deployable signing proxy: everything is read from the Worker's env (wrangler.toml [vars]
// and `wrangler secret put`). The PaysignNonceStore Durable Object, bound as PAYSIGN_NONCE_STORE
// in wrangler.toml, makes a signed caller request count once across every isolate. See ../README.md.
import { createCloudflareWorker, PaysignNonceStore } from '@paysign/edge/cloudflare';

export { PaysignNonceStore };
export default createCloudflareWorker();
