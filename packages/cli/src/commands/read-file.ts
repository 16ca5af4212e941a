import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { UsageError } from '../cli/usage-error.js';

/**
 * Reads a file a flag names, or standard input when the name is `-`; a missing or unreadable
 * file is a usage error naming the flag, not the content.
 */
export async function readFlagFile(path: string, flag: string): Promise<string> {
  if (path === '-') return text(process.stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Reads a JSON file a flag names (`-`: standard input). */
export async function readJsonFile(path: string, flag: string): Promise<unknown> {
  const content = await readFlagFile(path, flag);
  try {
    return JSON.parse(content);
  } catch {
    throw new UsageError(`${flag} ${path === '-' ? '- (standard input)' : path}: the file is not valid JSON`);
  }
}
