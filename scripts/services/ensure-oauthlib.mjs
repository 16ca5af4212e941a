// Makes sure Python's oauthlib is there for oauth-core's interop tests (its endpoints verify what
// the signer sends: packages/oauth-core/test/oauthlib-interop.test.ts), before vitest runs:
// Debian's `python3-oauthlib`, installed here when missing on Linux and we are root, as
// ensure-services.mjs does for the database servers. Elsewhere it fails with a plain message.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findOauthlibPython } from './find-python-oauthlib.mjs';

const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (!findOauthlibPython() && process.platform === 'linux' && root && existsSync('/usr/bin/apt-get')) {
  console.log("interop tests: installing Debian's python3-oauthlib (apt-get install -y python3-oauthlib)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'python3-oauthlib'], { stdio: 'inherit', env });
}
const python = findOauthlibPython();
if (python) {
  console.log(`interop tests: oauthlib through ${python}`);
  process.exit(0);
}
console.error(
  'interop tests need Python 3 with oauthlib and found none.\n' +
    '  Debian/Ubuntu: sudo apt-get install python3-oauthlib (or run the tests as root: they install it)\n' +
    '  elsewhere: pip install oauthlib, and set PAYSIGN_PYTHON=/path/to/that/python3 if it is not the python3 on PATH',
);
process.exit(1);
