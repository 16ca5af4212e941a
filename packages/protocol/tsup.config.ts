import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// One platform-neutral bundle per entry: the rules use only ECMAScript and WHATWG APIs
// (TextEncoder, crypto.subtle.digest); `io` reads a body with a cap (WHATWG streams). Each
// subpath is an entry of its own. The root's and /wire's code lives in the shared module, which
// alone imports oauth-core and payload-codec: the client imports both entries, and each package
// specifier costs its import a resolution (the two entries re-export it, their names as declared).
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', wire: 'src/wire.ts', schedule: 'src/schedule.ts', diagnose: 'src/diagnose.ts', io: 'src/io.ts' },
    inShared: ['index', 'wire'],
  }),
);
