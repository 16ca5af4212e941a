// Node only. The state file of emulators before the database (state version 2, `DIR/state.json`):
// read once, to move it into the database (see state-directory.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { EmulatorError } from '../errors.js';
import type { EmulatorSnapshot } from './emulator-snapshot.js';
import { readSnapshotBody } from './snapshot-shape.js';

/** The file of a version 2 state. */
export const LEGACY_STATE_FILE: string = 'state.json';
/** The temporary files of a version 2 save cut short: never renamed, so never part of the state. */
export const LEGACY_TEMP_FILE: RegExp = /^state\.json\.\d+\.\d+\.tmp$/;
/**
 * The `format` of every emulator state: the first line's of a version 2 `state.json`, and the
 * database's `meta` record's; anything else is not an emulator state.
 *
 * @example
 * ```ts
 * import { STATE_FORMAT } from '@paysign/emulator/node';
 *
 * console.log(`a state's format is ${STATE_FORMAT}`); // paysign-emulator-state
 * ```
 */
export const STATE_FORMAT: string = 'paysign-emulator-state';
const FILE_VERSION = 2;

/** Why a state of an older version is not read, by version. */
const OLDER_VERSIONS: Readonly<Record<number, string>> = {
  1: 'which stopped a payment with max-repeats-number N after N charges (indices 0 to N - 1); this one makes N + 1 (indices 0 to N: the spec, docs/gateway-api.md line 52, "Maximum repeat index"), so a payment that state holds as stopped would be charged again',
};

const fail = (message: string): never => {
  throw new EmulatorError('INVALID_STATE', message);
};
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';

/**
 * Reads a version 2 `state.json`: a first line `{"format","version","bytes","sha256"}` and the
 * state as JSON on the second. A damaged file, one of version 1 (with the reason) or of an unknown
 * version is refused with `INVALID_STATE`; `where` names the directory in the message.
 *
 * @throws {EmulatorError} `INVALID_STATE`.
 * @example
 * ```ts
 * const { snapshot, sha256 } = await readLegacyStateFile(join(dir, 'state.json'), 'the state directory ".emulator-state"', 3);
 * ```
 */
export async function readLegacyStateFile(file: string, where: string, currentVersion: number): Promise<{ snapshot: EmulatorSnapshot; sha256: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return fail(`${where}: state.json cannot be read (${codeOf(error)})`);
  }
  const newline = bytes.indexOf(10);
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(0, newline === -1 ? bytes.length : newline).toString('utf8'));
  } catch {
    header = undefined;
  }
  if (typeof header !== 'object' || header === null || (header as { format?: unknown }).format !== STATE_FORMAT) {
    return fail(`${where}: state.json is not a paysign emulator state (no "${STATE_FORMAT}" first line); it is left as it is`);
  }
  const { version, bytes: length, sha256 } = header as { version?: unknown; bytes?: unknown; sha256?: unknown };
  const older = typeof version === 'number' ? OLDER_VERSIONS[version] : undefined;
  if (older !== undefined) {
    return fail(
      `${where} was written by an emulator with state version ${version}, ${older}: this one reads version ${FILE_VERSION} (moving it into its database) and ${currentVersion}; give a new directory, or start the matching version of paysign (the state is left as it is)`,
    );
  }
  if (version !== FILE_VERSION) {
    return fail(
      `${where} was written by an emulator with state version ${JSON.stringify(version)}; this one reads version ${FILE_VERSION} (moving it into its database) and ${currentVersion}: start the matching version of paysign, or give a new directory (the state is left as it is)`,
    );
  }
  const body = bytes.subarray(newline + 1);
  const digest = createHash('sha256').update(body).digest('hex');
  if (newline === -1 || body.length !== length || digest !== sha256) {
    return fail(
      `${where}: state.json is damaged (half-written or edited: its length or checksum does not match); it is left as it is: restore a copy or give a new directory`,
    );
  }
  try {
    return { snapshot: readSnapshotBody(JSON.parse(body.toString('utf8'))), sha256: digest };
  } catch (error) {
    return fail(`${where}: state.json does not hold a state this emulator can use (${(error as Error).message}); it is left as it is`);
  }
}
