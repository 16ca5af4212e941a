import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from './run-cli.js';
import { stubGateway } from './stub-gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'pan-eligibility.json');
writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));

/** `paysign send` to a gateway that never answers: once the request arrives, `signal` is sent to the process. */
async function sendToHungGateway(signal: 'SIGINT' | 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const gateway = await stubGateway('hang');
  try {
    const child = spawn(
      process.execPath,
      [BIN, 'send', 'pan-eligibility', '--file', file, '--base-url', gateway.url, '--endpoint-id', '1', '--login', 'm', '--control-key', 'k'],
      { env: { PATH: process.env.PATH ?? '' }, stdio: 'ignore' },
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    await gateway.nextRequest();
    child.kill(signal);
    return await exited;
  } finally {
    await gateway.close();
  }
}

describe('Ctrl-C and SIGTERM end a command that is not long-running at once (issue #21, item 7)', () => {
  // Before: bin.ts trapped both signals for every command, so a send waiting on a hung gateway
  // went on waiting (until its 30 s timeout) and the test timed out.
  it('a send waiting on a hung gateway exits 130 on SIGINT (Ctrl-C)', async () => {
    expect(await sendToHungGateway('SIGINT')).toEqual({ code: 130, signal: null });
  });

  it('a send waiting on a hung gateway exits 143 on SIGTERM (kill PID)', async () => {
    expect(await sendToHungGateway('SIGTERM')).toEqual({ code: 143, signal: null });
  });
});
