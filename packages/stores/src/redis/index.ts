// @paysign/stores/redis: the nonce and callback stores over one small command interface (EVAL), and
// its wrappers for node-redis, ioredis and @upstash/redis (none of them imported: the caller brings one).
export { type RedisCallbackStoreOptions, createRedisCallbackStore } from './callback-store.js';
export { fromIoredis, fromNodeRedis, fromUpstash, type IoredisLike, type NodeRedisLike, type RedisCommands, type UpstashRedisLike } from './client.js';
export { type AdoptNewRedisOptions, adoptNewRedis } from './epoch.js';
export { createRedisNonceStore, type RedisNonceStoreOptions } from './nonce-store.js';
