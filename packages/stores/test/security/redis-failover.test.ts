import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { describe, expect, it } from 'vitest';
import { isStoreError } from '@paysign/stores';
import { adoptNewRedis, createRedisNonceStore, fromNodeRedis } from '@paysign/stores/redis';
import { sleep } from '../_engines.js';
import { startRedis } from '../_servers.js';

// Round 6 (issue 35), medium: the README said the epoch key detects a failover "to a replica that
// missed writes". It cannot: the replica holds the epoch key (replicated long before), only the
// last writes are missing, so a nonce remembered on the old primary just before the failover is
// new again on the promoted replica. Over a real primary and replica: the replay is accepted, as
// the README now says; deleting the epoch key on the promoted server (what the README tells an
// operator to do after a failover) makes the store refuse for its quarantine.

async function connect(url: string): Promise<RedisClientType> {
  const client = createClient({ url }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const outcome = (answer: unknown) =>
  Promise.resolve(answer).then(
    (value) => value,
    (error: unknown) => (isStoreError(error) ? error.code : String(error)),
  );

describe('a Redis failover to a replica that missed writes (round 6, medium: a documented limit)', () => {
  it('the promoted replica has the epoch key but not the last nonce: its replay is new; once the epoch key is deleted there, the store refuses for its quarantine', async () => {
    const [primaryServer, replicaServer] = await Promise.all([startRedis(), startRedis()]);
    const [primary, replica] = await Promise.all([connect(primaryServer.url), connect(replicaServer.url)]);
    try {
      await primary.sendCommand(['CONFIG', 'SET', 'repl-diskless-sync-delay', '0']); // the first sync at once
      await replica.sendCommand(['REPLICAOF', '127.0.0.1', String(primaryServer.port)]);
      await adoptNewRedis({ client: fromNodeRedis(primary) });
      const nonces = (client: RedisClientType) => createRedisNonceStore({ client: fromNodeRedis(client), quarantineMs: 1_201_000 });
      const before = randomUUID();
      expect(await nonces(primary).remember(before, Date.now() / 1000 + 300, 'm')).toBe(true);
      // The replica has caught up: the epoch key and the first nonce are there.
      for (let attempt = 0; (await replica.exists('paysign:nonce:#epoch')) === 0 || (await replica.keys('paysign:nonce:1:m:*')).length < 1; attempt++) {
        if (attempt > 100) throw new Error('the replica did not catch up');
        await sleep(50);
      }
      // The link breaks (the primary is lost) and the replica is promoted; the primary's last write never reached it.
      await replica.sendCommand(['REPLICAOF', 'NO', 'ONE']);
      const last = randomUUID();
      expect(await nonces(primary).remember(last, Date.now() / 1000 + 300, 'm')).toBe(true);
      await primaryServer.stop();
      const promoted = nonces(replica);
      expect(await promoted.remember(before, Date.now() / 1000 + 300, 'm')).toBe(false); // replicated: still seen
      // Not detected: the epoch key is there. The README says so, and what to do after a failover.
      expect(await promoted.remember(last, Date.now() / 1000 + 300, 'm')).toBe(true);
      await replica.del('paysign:nonce:#epoch');
      expect(await outcome(promoted.remember(randomUUID(), Date.now() / 1000 + 300, 'm'))).toBe('STORE_UNAVAILABLE');
      expect(await outcome(promoted.remember(last, Date.now() / 1000 + 300, 'm'))).toBe('STORE_UNAVAILABLE');
      // adoptNewRedis cannot end it: the epoch key exists again (written when the loss was found).
      expect(await adoptNewRedis({ client: fromNodeRedis(replica) })).not.toContain('paysign:nonce:');
      expect(await outcome(promoted.remember(randomUUID(), Date.now() / 1000 + 300, 'm'))).toBe('STORE_UNAVAILABLE');
    } finally {
      await primary.disconnect().catch(() => undefined);
      await replica.disconnect().catch(() => undefined);
      await Promise.all([primaryServer.stop(), replicaServer.stop()]);
    }
  });
});
