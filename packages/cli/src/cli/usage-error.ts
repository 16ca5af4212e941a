/** A mistake in how the command was called: exit code 2, with the command's usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The gateway or the validator refused the request: exit code 1. */
export class RefusalError extends Error {
  override readonly name = 'RefusalError';
}

/**
 * Exit codes, as the CLI documents them.
 *
 * @example
 * ```ts
 * import { EXIT, runCli } from '@paysign/cli';
 *
 * const code = await runCli(process.argv.slice(2), context);
 * if (code === EXIT.usage) console.error('see paysign --help');
 * process.exitCode = code;
 * ```
 */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;
