import { createSigner, type SignatureMethod, type SigningCredentials } from '@paysign/oauth-core';
import { fromFlagOrEnv, parseCommandArgs, required } from '../cli/args.js';
import { readUnixSecondsFlag } from '../cli/flag-values.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readFlagFile } from './read-file.js';

const usage = `paysign sign --url URL --login L (--control-key K | --private-key FILE) [--param name=value]... [options]

Signs one request and prints the base string, the Authorization header and the body.
HMAC-SHA1 with --control-key (OAuth parameters also in the body, as the gateway's example);
RSA-SHA256 with --private-key (body carries only the operation's parameters).
Card numbers and CVVs are masked in what is printed; the signature covers the real values.

Options:
  --url URL            the operation URL
  --login L            merchant login (or PAYSIGN_LOGIN)
  --control-key K      HMAC-SHA1 control key (or PAYSIGN_CONTROL_KEY)
  --private-key FILE   RSA private key PEM (or PAYSIGN_PRIVATE_KEY_FILE)
  --param name=value   a body parameter; repeat; order kept
  --nonce N            oauth_nonce (default: 128 random bits)
  --timestamp T        oauth_timestamp (default: now)
  --method M           HTTP method (default POST)
  --header-only        keep the OAuth parameters out of the body (HMAC)
  --json               print the SignedRequest as JSON`;

/** Splits `name=value` flags into ordered pairs. */
export function readParamFlags(params: readonly string[]): [string, string][] {
  return params.map((param) => {
    const eq = param.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param ${param.slice(0, 40)}: expected name=value`);
    return [param.slice(0, eq), param.slice(eq + 1)];
  });
}

export const signCommand: Command = {
  name: 'sign',
  summary: 'sign a request and print base string, header and body',
  usage,
  async run(args, { io, env }) {
    const { values } = parseCommandArgs(args, {
      url: { type: 'string' },
      login: { type: 'string' },
      'control-key': { type: 'string' },
      'private-key': { type: 'string' },
      param: { type: 'string', multiple: true },
      nonce: { type: 'string' },
      timestamp: { type: 'string' },
      method: { type: 'string' },
      'header-only': { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage), 0);
    const url = required(values, 'url');
    const login = fromFlagOrEnv(values, 'login', env, 'PAYSIGN_LOGIN');
    if (login === undefined) throw new UsageError('--login is required');
    const controlKey = fromFlagOrEnv(values, 'control-key', env, 'PAYSIGN_CONTROL_KEY');
    const keyFile = fromFlagOrEnv(values, 'private-key', env, 'PAYSIGN_PRIVATE_KEY_FILE');
    if ((controlKey === undefined) === (keyFile === undefined)) throw new UsageError('give exactly one of --control-key and --private-key');
    const signatureMethod: SignatureMethod = keyFile !== undefined ? 'RSA-SHA256' : 'HMAC-SHA1';
    const nonce = values.nonce;
    if (nonce === '') throw new UsageError('--nonce must not be empty (leave it out for 128 random bits)');
    const timestamp = values.timestamp === undefined ? undefined : readUnixSecondsFlag(values.timestamp, '--timestamp');
    const credentials: SigningCredentials =
      keyFile !== undefined
        ? { signatureMethod: 'RSA-SHA256', privateKey: await readFlagFile(keyFile, '--private-key') }
        : { signatureMethod: 'HMAC-SHA1', consumerSecret: controlKey as string };
    const signer = createSigner({
      consumerKey: login,
      ...credentials,
      ...(nonce !== undefined && { nonce: () => nonce }),
      ...(timestamp !== undefined && { timestamp: () => timestamp }),
      oauthParamsInBody: signatureMethod === 'HMAC-SHA1' && values['header-only'] !== true,
    });
    const signed = await signer.sign({ url, method: values.method ?? 'POST', params: readParamFlags(values.param ?? []) });
    if (values.json) {
      io.out(JSON.stringify(signed, null, 2));
      return 0;
    }
    io.out(io.bold(`${signed.method} ${signed.url}`) + io.dim(`  (${signatureMethod})`));
    io.out();
    io.out(io.bold('Base string'));
    io.out(`  ${signed.baseString}`);
    io.out(io.bold('Authorization'));
    io.out(`  ${signed.authorization}`);
    io.out(io.bold('Body'));
    io.out(`  ${signed.body}`);
    return 0;
  },
};
