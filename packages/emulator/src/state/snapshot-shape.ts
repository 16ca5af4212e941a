import type { EmulatorSnapshot } from './emulator-snapshot.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks that parsed JSON has the shape of an {@link EmulatorSnapshot} (the checksum already
 * vouches for the bytes; this catches a state that is well-formed but not ours).
 *
 * @throws {TypeError} naming the first field of the wrong shape.
 * @example
 * ```ts
 * const snapshot = readSnapshotBody(JSON.parse(text));
 * ```
 */
export function readSnapshotBody(value: unknown): EmulatorSnapshot {
  if (!isObject(value)) throw new TypeError('the state is not an object');
  const clock = value.clock;
  if (!isObject(clock) || (clock.mode !== 'virtual' && clock.mode !== 'system') || !Number.isSafeInteger(clock.today))
    throw new TypeError('clock must be { mode, today }');
  for (const name of ['seed', 'orderIds'] as const) if (!Number.isSafeInteger(value[name])) throw new TypeError(`${name} must be a whole number`);
  for (const name of ['profiles', 'owners', 'nonces', 'pendingCallbacks'] as const)
    if (!Array.isArray(value[name])) throw new TypeError(`${name} must be a list`);
  if (!isObject(value.engine) || !Array.isArray(value.engine.payments)) throw new TypeError('engine.payments must be a list');
  for (const profile of value.profiles as unknown[]) {
    if (!isObject(profile) || typeof profile.id !== 'string' || !Number.isSafeInteger(profile.revision) || !isObject(profile.fields))
      throw new TypeError('every profile must be { id, revision, fields }');
  }
  return value as unknown as EmulatorSnapshot;
}
