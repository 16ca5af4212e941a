import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// One platform-neutral bundle per entry: the rules use only ECMAScript and WHATWG APIs
// (TextEncoder, crypto.subtle.digest); `io` reads a body with a cap (WHATWG streams). Each
// subpath is an entry of its own. The root holds the code the entries share and /wire's, which the
// client imports beside the root: an app importing both loads the root and a re-export of it, and
// resolves oauth-core and payload-codec from the root alone (merge-chunks.mjs).
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', wire: 'src/wire.ts', schedule: 'src/schedule.ts', diagnose: 'src/diagnose.ts', io: 'src/io.ts' },
    host: { entry: 'index', hosted: ['wire'] },
  }),
);
