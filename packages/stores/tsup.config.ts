import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// The stores never import an engine's client: the caller hands its own `redis`, `ioredis`,
// `@upstash/redis` or `pg` object in, so nothing of them is bundled.
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', redis: 'src/redis/index.ts', postgres: 'src/postgres/index.ts' },
  }),
);
