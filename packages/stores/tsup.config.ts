import { defineConfig } from 'tsup';

// One neutral bundle per entry. The stores never import an engine's client: the caller hands its
// own `redis`, `ioredis`, `@upstash/redis` or `pg` object in, so nothing of them is bundled.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    redis: 'src/redis/index.ts',
    postgres: 'src/postgres/index.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//],
});
