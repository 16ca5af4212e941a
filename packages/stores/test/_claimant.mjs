// One claimant process of the race and crash tests: connects to the engine, says "ready", and on
// "go" (a line on stdin, sent to every claimant at once) remembers one nonce and claims one
// callback, prints what it got as JSON and exits. In "hold" mode it claims at once, prints
// "claimed" and stays alive until it is killed: a handler that died holding its lease. In "handle"
// mode it runs createCallbackHandler on the callback whose merchant_order is <callback> (signed
// with the control key "claimant-control-key"), prints "running" once onCallback started, and
// never finishes it: a live handler renewing its lease, until it is killed.
//   node _claimant.mjs <node-redis|ioredis|postgres> <url> <nonce> <callback> <race|hold|handle> <leaseMs>
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';

const [engine, url, nonce, callback, mode, leaseMs] = process.argv.slice(2);
const options = { leaseMs: Number(leaseMs) };

async function open() {
  if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const { createPostgresCallbackStore, createPostgresNonceStore } = await import('@paysign/stores/postgres');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await pool.query('SELECT 1');
    return { nonces: createPostgresNonceStore({ pool }), callbacks: createPostgresCallbackStore({ pool, ...options }), close: () => pool.end() };
  }
  const { createRedisCallbackStore, createRedisNonceStore, fromIoredis, fromNodeRedis } = await import('@paysign/stores/redis');
  let client;
  let close;
  if (engine === 'ioredis') {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url);
    await new Promise((resolve, reject) => redis.once('ready', resolve).once('error', reject));
    client = fromIoredis(redis);
    close = () => redis.quit();
  } else {
    const { createClient } = await import('redis');
    const redis = await createClient({ url }).connect();
    client = fromNodeRedis(redis);
    close = () => redis.quit();
  }
  return { nonces: createRedisNonceStore({ client }), callbacks: createRedisCallbackStore({ client, ...options }), close };
}

const stores = await open();
if (mode === 'handle') {
  const { createCallbackHandler } = await import('@paysign/gateway');
  const controlKey = 'claimant-control-key';
  const control = createHash('sha1').update(`approved4242${callback}${controlKey}`).digest('hex');
  const query = new URLSearchParams({ status: 'approved', orderid: '4242', merchant_order: callback, control });
  const handler = createCallbackHandler({
    controlKey,
    seen: stores.callbacks,
    findOrder: () => ({}),
    onCallback: () => {
      console.log('running');
      return new Promise(() => undefined); // handling "for ever", until SIGKILL
    },
  });
  void handler(new Request(`http://merchant.test/callbacks?${query}`));
  setInterval(() => undefined, 60_000);
} else if (mode === 'hold') {
  const claim = await stores.callbacks.claim(callback);
  console.log(JSON.stringify({ claim: claim.state }));
  setInterval(() => undefined, 60_000); // handling "for ever", until SIGKILL
} else {
  console.log('ready');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line !== 'go') continue;
    const [fresh, claim] = await Promise.all([stores.nonces.remember(nonce, Date.now() / 1000 + 300, 'race'), stores.callbacks.claim(callback)]);
    console.log(JSON.stringify({ nonce: fresh, claim: claim.state }));
    break;
  }
  lines.close();
  await stores.close();
}
