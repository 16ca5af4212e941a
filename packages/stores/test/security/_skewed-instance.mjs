// One instance of the lease clock-skew attack (round 8): a callback handler over a real store, in
// a process whose wall clock (Date) is OFFSET ms away from the machine's, and steps when told.
// Commands on stdin, one JSON object a line:
//   {"deliver": "<callback URL>", "stallMs": N}  handle it; onCallback stalls N ms, stopping on its signal
//   {"step": N}                                  move this process's wall clock by N ms
// Events on stdout, one JSON object a line, `at` on the machine's real clock (ms):
//   {"event": "start", "at"}  onCallback started
//   {"event": "answer", "status", "committed", "aborted", "at"}
//   node _skewed-instance.mjs <node-redis|ioredis|postgres> <url> <offsetMs> <leaseMs>
import { createInterface } from 'node:readline';

const [engine, url, offset, leaseMs] = process.argv.slice(2);
let offsetMs = Number(offset);
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + offsetMs);
    else super(...args);
  }
  static now() {
    return realNow() + offsetMs;
  }
}
globalThis.Date = SkewedDate;
const at = () => performance.timeOrigin + performance.now();

async function open() {
  const options = { leaseMs: Number(leaseMs), timeoutMs: 2_000 };
  if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const { createPostgresCallbackStore } = await import('@paysign/stores/postgres');
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    await pool.query('SELECT 1');
    return createPostgresCallbackStore({ pool, ...options });
  }
  const { createRedisCallbackStore, fromIoredis, fromNodeRedis } = await import('@paysign/stores/redis');
  if (engine === 'ioredis') {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url);
    await new Promise((resolve, reject) => redis.once('ready', resolve).once('error', reject));
    return createRedisCallbackStore({ client: fromIoredis(redis), ...options });
  }
  const { createClient } = await import('redis');
  return createRedisCallbackStore({ client: fromNodeRedis(await createClient({ url }).connect()), ...options });
}

const seen = await open();
const { createCallbackHandler } = await import('@paysign/gateway');
let stallMs = 0;
let run;
const handler = createCallbackHandler({
  controlKey: 'control-key-for-the-round-8-attacks',
  seen,
  findOrder: () => ({}),
  onCallback: (_callback, _order, { signal }) => {
    run = { committed: false, aborted: false };
    const current = run;
    console.log(JSON.stringify({ event: 'start', at: at() }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => ((current.committed = true), resolve()), stallMs);
      signal.addEventListener('abort', () => (clearTimeout(timer), (current.aborted = true), reject(signal.reason)), { once: true });
    });
  },
});
console.log(JSON.stringify({ event: 'ready' }));
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (command.step !== undefined) offsetMs += command.step;
  if (command.deliver !== undefined) {
    stallMs = command.stallMs ?? 0;
    run = undefined;
    void handler(new Request(command.deliver)).then((response) => {
      const ran = run ?? { committed: false, aborted: false };
      console.log(JSON.stringify({ event: 'answer', status: response.status, committed: ran.committed, aborted: ran.aborted, at: at() }));
    });
  }
}
