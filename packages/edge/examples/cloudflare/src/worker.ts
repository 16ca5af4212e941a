// The deployable signing proxy: everything is read from the Worker's env (wrangler.toml [vars]
// and `wrangler secret put`). See ../README.md.
import { createCloudflareWorker } from '@paysign/edge/cloudflare';

export default createCloudflareWorker();
