import { redactCardData } from '@paysign/protocol';
import { sensitivityOf } from '@paysign/protocol/wire';
import { UsageError } from '../cli/usage-error.js';
import { terminalText } from '../redact/redact.js';

/**
 * The form parameters of a command `paysign send` does not wrap: `--file PARAMS.json` (a JSON
 * object of text values; `-` for standard input) and `--param name=value` flags, in that order,
 * a name given once. A card number or CVV is never taken from the command line, where `ps` and
 * the shell's history show it: such a `--param` is refused, naming the file way instead.
 */
export function readSendParams(file: unknown, flags: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  const add = (name: string, value: string, from: string) => {
    if (Object.hasOwn(params, name)) throw new UsageError(`${from}: the parameter ${terminalText(name)} is given twice`);
    params[name] = value;
  };
  if (file !== undefined) {
    if (file === null || typeof file !== 'object' || Array.isArray(file)) {
      throw new UsageError('--file: for this command, the file is a JSON object of form parameters, each value text: { "client_orderid": "order-1" }');
    }
    for (const [name, value] of Object.entries(file)) {
      if (typeof value !== 'string') {
        throw new UsageError(`--file: ${terminalText(name)} must be text (a JSON string, such as "10.50"): the gateway's parameters are text`);
      }
      add(name, value, '--file');
    }
  }
  for (const flag of flags) {
    const eq = flag.indexOf('=');
    if (eq <= 0) throw new UsageError('--param takes name=value (such as --param client_orderid=order-1)');
    const name = flag.slice(0, eq);
    const value = flag.slice(eq + 1);
    const sensitivity = sensitivityOf(name);
    if (sensitivity === 'card-number' || sensitivity === 'card-verification' || redactCardData(flag) !== flag) {
      throw new UsageError(
        `--param ${terminalText(redactCardData(name))}: card data is never taken from the command line (ps and the shell's history show it): put it in --file PARAMS.json (mode 0600), or - for standard input`,
      );
    }
    add(name, value, '--param');
  }
  return params;
}
