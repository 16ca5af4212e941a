import type { Environment } from '../cli/environment.js';
import type { Output } from '../cli/output.js';
import { UsageError } from '../cli/usage-error.js';
import { readFlagFile } from './read-file.js';

/**
 * The merchant's control key for a long-running command (`emulator`, `callbacks listen`), read
 * where other users of the machine cannot see it: `PAYSIGN_CONTROL_KEY`, or the first line of
 * `--control-key-file FILE`. `--control-key K` still works, with a warning on stderr: a process's
 * arguments are visible to every user (`ps`) for as long as it runs. `undefined` when none is given.
 */
export async function readControlKey(values: Record<string, unknown>, env: Environment, io: Output): Promise<string | undefined> {
  const given = [values['control-key'] !== undefined && '--control-key', values['control-key-file'] !== undefined && '--control-key-file'].filter(Boolean);
  if (given.length > 1) throw new UsageError('give one of --control-key and --control-key-file');
  if (typeof values['control-key-file'] === 'string') {
    const key = (await readFlagFile(values['control-key-file'], '--control-key-file')).split(/\r?\n/)[0] ?? '';
    if (key === '') throw new UsageError('--control-key-file: the first line of the file is empty');
    return key;
  }
  if (typeof values['control-key'] === 'string' && values['control-key'] !== '') {
    io.err('warning: --control-key is visible to other users of this machine (ps) while this runs; set PAYSIGN_CONTROL_KEY or use --control-key-file FILE');
    return values['control-key'];
  }
  const fromEnv = env.PAYSIGN_CONTROL_KEY;
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}
