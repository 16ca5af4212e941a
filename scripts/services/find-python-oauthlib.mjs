// Where oauth-core's interop tests find a Python with oauthlib (packages/oauth-core/test/oauthlib):
// shared by ensure-oauthlib.mjs (which installs it) and the tests (which run it). PAYSIGN_PYTHON
// names another interpreter; else Debian's /usr/bin/python3 (where python3-oauthlib installs),
// else the python3 on PATH. Returns undefined when none imports oauthlib.
import { spawnSync } from 'node:child_process';

/** A python3 that imports oauthlib, or undefined. */
export function findOauthlibPython() {
  const candidates = [process.env.PAYSIGN_PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean);
  return candidates.find((python) => spawnSync(python, ['-c', 'import oauthlib'], { stdio: 'ignore' }).status === 0);
}
