// The Lua scripts the Redis stores run: each store call is one EVAL, atomic on the server and timed
// by the server's clock (TIME), never an instance's. KEYS[1] is always the store's epoch key and
// ARGV[1] its quarantine in ms; KEYS[2] is the nonce's or callback's own key.
//
// The epoch key is written once, without expiry, by the first call that finds it missing: a Redis
// that restarted without persistence (or was flushed, or evicted it) has lost it with every key the
// store held, so its absence means "forgotten". From that moment the store refuses (-1) for the
// quarantine, until everything it could have held has expired anyway.

/** Reply of a script: the server lost the store's data less than the quarantine ago (or just now). */
export const QUARANTINED: number = -1;

// Sets `now` (ms, the server's clock) and `fresh` (within the quarantine). Redis before 5 needs
// effects replication to write after TIME; later versions always replicate effects.
const PRELUDE = `if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local epoch = tonumber(redis.call('GET', KEYS[1]))
if epoch == nil then
  redis.call('SET', KEYS[1], string.format('%d', now))
  epoch = now
end
local fresh = now - epoch < tonumber(ARGV[1])
`;

/**
 * A nonce: ARGV[2] the instant (ms since the epoch, the server's clock) it is kept until.
 * 1 new, 0 seen or already past it, -1 quarantined, -2 kept longer than the quarantine covers.
 */
export const REMEMBER: string = `${PRELUDE}if fresh then return ${QUARANTINED} end
local ttl = math.ceil(tonumber(ARGV[2]) - now)
if ttl <= 0 then return 0 end
if ttl > tonumber(ARGV[1]) then return -2 end
if redis.call('SET', KEYS[2], '1', 'NX', 'PX', string.format('%d', ttl)) then return 1 end
return 0`;

/** A claim: ARGV[2] the claim's token, ARGV[3] the lease in ms. 1 new, 0 pending, 2 done, -1 quarantined. */
export const CLAIM: string = `${PRELUDE}if fresh then return ${QUARANTINED} end
if redis.call('SET', KEYS[2], 'pending:' .. ARGV[2], 'NX', 'PX', ARGV[3]) then return 1 end
if redis.call('GET', KEYS[2]) == 'done' then return 2 end
return 0`;

/**
 * Complete: ARGV[2] the claim's token, ARGV[3] how long done holds. Done while the key holds this
 * claim's lease or none (it ended and nobody claimed since); another claim's lease is left alone.
 * 1 done, 0 left to the other claim.
 */
export const COMPLETE: string = `${PRELUDE}local held = redis.call('GET', KEYS[2])
if held == 'done' then return 1 end
if held == false or held == 'pending:' .. ARGV[2] then
  redis.call('SET', KEYS[2], 'done', 'PX', ARGV[3])
  return 1
end
return 0`;

/** Release: ARGV[2] the claim's token. Deletes the key only while it holds this claim's lease: 1 deleted, 0 not. */
export const RELEASE: string = `${PRELUDE}if redis.call('GET', KEYS[2]) == 'pending:' .. ARGV[2] then
  redis.call('DEL', KEYS[2])
  return 1
end
return 0`;

/**
 * Renew: ARGV[2] the claim's token, ARGV[3] the lease in ms. Extends the lease to ARGV[3] from now
 * only while the key holds this claim's lease (an ended one is gone from Redis): 1 renewed, 0 not.
 */
export const RENEW: string = `${PRELUDE}if redis.call('GET', KEYS[2]) == 'pending:' .. ARGV[2] then
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  return 1
end
return 0`;

/** Marks a server as new to the store: the epoch key "long ago", only if it does not exist yet. */
export const ADOPT: string = `return redis.call('SET', KEYS[1], '0', 'NX') and 1 or 0`;
