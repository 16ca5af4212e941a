// Makes sure a Chromium is there for the browser tests (the emulator's console and debugger,
// packages/emulator/test/console/browser.test.ts), before vitest runs. The browser is the system's:
// Debian's `chromium` package, installed here when it is missing on Linux and we are root; driven
// by playwright-core (never `playwright install`, which downloads a browser build of its own).
// Elsewhere it fails with a plain message saying how to get one. PAYSIGN_CHROMIUM names another binary.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.PAYSIGN_CHROMIUM || '/usr/bin/chromium';

if (existsSync(chromiumPath)) {
  console.log(`browser tests: ${chromiumPath}`);
  process.exit(0);
}
const root = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.platform === 'linux' && root && existsSync('/usr/bin/apt-get')) {
  console.log("browser tests: installing Debian's chromium (apt-get install -y chromium)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (existsSync(chromiumPath)) process.exit(0);
}
console.error(
  `browser tests need Chromium and found none at ${chromiumPath}.\n` +
    '  Debian/Ubuntu: sudo apt-get install chromium (or run the tests as root: they install it)\n' +
    '  elsewhere: install Chromium or Chrome and set PAYSIGN_CHROMIUM=/path/to/the/binary',
);
process.exit(1);
