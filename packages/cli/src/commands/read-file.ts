import { readFile } from 'node:fs/promises';
import { UsageError } from '../cli/usage-error.js';

/** Reads a file a flag names; a missing or unreadable file is a usage error naming the flag, not the content. */
export async function readFlagFile(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Reads a JSON file a flag names. */
export async function readJsonFile(path: string, flag: string): Promise<unknown> {
  const text = await readFlagFile(path, flag);
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} ${path}: the file is not valid JSON`);
  }
}
