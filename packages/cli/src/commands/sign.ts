import { createSigner, type SignatureMethod, type SigningCredentials } from '@paysign/oauth-core';
import { fromFlagOrEnv, parseCommandArgs, required } from '../cli/args.js';
import { readUnixSecondsFlag } from '../cli/flag-values.js';
import { curlCommand } from '../cli/shell-quote.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';
import { readFlagFile } from './read-file.js';

const usage = `paysign sign --url URL --login L (--control-key K | --private-key FILE) [--param name=value]... [options]

Signs one request and prints the base string, the Authorization header and the body.
HMAC-SHA1 with --control-key; RSA-SHA256 with --private-key (the body carries only the
operation's parameters).
HMAC default: the OAuth parameters go in the header AND in the body, as the gateway's example
shows. RFC 5849 section 3.5 says "one and only one" place: standard OAuth servers (oauthlib)
refuse such a request. --header-only sends them in the header only, the RFC's layout, which
standard servers and the emulator accept; use it for any server that is not this gateway.
Card numbers, CVVs and payloads are masked in what is printed (so the masked body cannot be
sent, and the masked base string does not verify); the signature covers the real values.
--unmasked prints the real bytes and a curl command that sends the request: that output holds
the card data and the signed request as sent; keep it on your machine.

Options:
  --url URL            the operation URL
  --login L            merchant login (or PAYSIGN_LOGIN)
  --control-key K      HMAC-SHA1 control key (or PAYSIGN_CONTROL_KEY)
  --private-key FILE   RSA private key PEM (or PAYSIGN_PRIVATE_KEY_FILE)
  --param name=value   a body parameter; repeat; order kept
  --nonce N            oauth_nonce (default: 128 random bits)
  --timestamp T        oauth_timestamp (default: now)
  --method M           HTTP method (default POST)
  --header-only        keep the OAuth parameters out of the body (HMAC; RFC 5849 layout)
  --json               print the SignedRequest as JSON (masked unless --unmasked)
  --unmasked           print the real body and base string, card data included, and a ready
                       curl command (contains the secret-bearing request); warns on stderr`;

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
      unmasked: { type: 'boolean' },
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
    const unmasked = values.unmasked === true;
    // Masked by default: every line goes through the card-data filter; --unmasked writes the real bytes.
    const print = unmasked ? io.outUnmasked : io.out;
    if (unmasked) io.err(io.yellow('warning: --unmasked prints card data and the signed request as sent; keep the output off logs and tickets'));
    if (values.json) {
      print(JSON.stringify(signed, null, 2));
      return 0;
    }
    print(io.bold(`${signed.method} ${signed.url}`) + io.dim(`  (${signatureMethod})`));
    print();
    print(io.bold('Base string'));
    print(`  ${signed.baseString}`);
    print(io.bold('Authorization'));
    print(`  ${signed.authorization}`);
    print(io.bold('Body'));
    print(`  ${signed.body}`);
    if (unmasked) {
      print(io.bold('curl'));
      print(`  ${curlCommand(signed)}`);
    } else {
      print(io.dim('(card data masked; --unmasked prints the real bytes and a curl command)'));
    }
    return 0;
  },
};
