/**
 * Environment variables as the CLI reads them (`process.env` fits): no Node types in the public API.
 *
 * @example
 * ```ts
 * import { runCli, type Environment } from '@paysign/cli';
 *
 * const env: Environment = { PAYSIGN_LOGIN: 'merchant-login', PAYSIGN_BASE_URL: 'http://127.0.0.1:8080' };
 * await runCli(['schedule', '--file', 'payment.json'], { io, env, stopSignal: new Promise(() => {}) });
 * ```
 */
export type Environment = Readonly<Record<string, string | undefined>>;
