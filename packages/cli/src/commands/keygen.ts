import { createHash, generateKeyPair, type KeyObject } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseCommandArgs, required } from '../cli/args.js';
import { UsageError } from '../cli/usage-error.js';
import type { Command } from './command.js';

const usage = `paysign keygen --out DIR [--bits 4096] [--format pkcs1|pkcs8] [--force] [--json]

Generates an RSA key pair as the gateway asks (spec, RSA-SHA256: 4096 bits):
  DIR/private-key.pem  unencrypted PEM, file mode 0600: keep it secret
                       --format pkcs1 (default): PKCS#1, "BEGIN RSA PRIVATE KEY", what the spec's
                         request builders need
                       --format pkcs8: PKCS#8, "BEGIN PRIVATE KEY", what Java's KeyFactory (the
                         gateway vendor's Java example), WebCrypto and most other libraries read
                       paysign reads both.
  DIR/public-key.pem   SPKI PEM ("BEGIN PUBLIC KEY"): send it to the gateway's support manager
Use different key pairs for production and testing. Existing files are kept unless --force:
DIR is checked before the key is generated.
--json prints {"privateKeyPath", "publicKeyPath", "fingerprint", "bits", "format"} on stdout.`;

/**
 * How keygen writes the private key: `pkcs1` (`BEGIN RSA PRIVATE KEY`, the spec's request
 * builders) or `pkcs8` (`BEGIN PRIVATE KEY`, Java's `PKCS8EncodedKeySpec`, WebCrypto).
 *
 * @example
 * ```ts
 * import { generateKeyFiles, type PrivateKeyFormat } from '@paysign/cli';
 *
 * const format: PrivateKeyFormat = 'pkcs8'; // for a Java integration
 * await generateKeyFiles('./keys', 4096, false, format);
 * ```
 */
export type PrivateKeyFormat = 'pkcs1' | 'pkcs8';

const FORMATS: readonly PrivateKeyFormat[] = ['pkcs1', 'pkcs8'];
const FORMAT_NAMES: Readonly<Record<PrivateKeyFormat, string>> = { pkcs1: 'PKCS#1', pkcs8: 'PKCS#8' };

/**
 * The files keygen writes and the public key's fingerprint.
 *
 * @example
 * ```ts
 * import { generateKeyFiles, type GeneratedKeyFiles } from '@paysign/cli';
 *
 * const files: GeneratedKeyFiles = await generateKeyFiles('./keys');
 * console.log(`register ${files.publicKeyPath} (fingerprint ${files.fingerprint})`);
 * ```
 */
export interface GeneratedKeyFiles {
  privateKeyPath: string;
  publicKeyPath: string;
  /** SHA-256 of the SPKI DER, hex with colons, to compare with what the gateway registered. */
  fingerprint: string;
}

/**
 * Generates an RSA key pair and writes it: the private key as PEM with mode 0600, PKCS#1 unless
 * `format` is `pkcs8`, the public key as SPKI PEM. `dir` is checked before the key is generated: a
 * file there, or a key pair already in it (unless `overwrite`), throws a `UsageError` at once.
 *
 * @example
 * ```ts
 * const { publicKeyPath } = await generateKeyFiles('./keys', 4096);
 * await generateKeyFiles('./java-keys', 4096, false, 'pkcs8'); // BEGIN PRIVATE KEY, for Java's KeyFactory
 * ```
 */
export async function generateKeyFiles(dir: string, bits = 4096, overwrite = false, format: PrivateKeyFormat = 'pkcs1'): Promise<GeneratedKeyFiles> {
  const privateKeyPath = join(dir, 'private-key.pem');
  const publicKeyPath = join(dir, 'public-key.pem');
  // Checked first: a 4096-bit key takes seconds to generate, and then could not be written.
  await checkOutDir(dir, [privateKeyPath, publicKeyPath], overwrite);
  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: bits, publicExponent: 0x10001 });
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new UsageError(`--out ${dir}: cannot create the directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const flag = overwrite ? 'w' : 'wx';
  try {
    await writeFile(privateKeyPath, privateKey.export({ type: format, format: 'pem' }) as string, { mode: 0o600, flag });
    await writeFile(publicKeyPath, publicKey.export({ type: 'spki', format: 'pem' }) as string, { mode: 0o644, flag });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UsageError(`--out ${dir} already holds a key pair: choose another --out, or add --force to replace it`);
    throw new UsageError(`--out ${dir}: cannot write the key files (${code ?? 'error'})`);
  }
  return { privateKeyPath, publicKeyPath, fingerprint: fingerprintOf(publicKey) };
}

/** `--out` must be a directory (or not exist yet) without a key pair, unless `--force`. */
async function checkOutDir(dir: string, files: readonly string[], overwrite: boolean): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found !== undefined && !found.isDirectory()) {
    throw new UsageError(`--out ${dir} is a file: --out names the directory that gets private-key.pem and public-key.pem (e.g. --out keys)`);
  }
  if (overwrite || found === undefined) return;
  for (const file of files) {
    if ((await stat(file).catch(() => undefined)) !== undefined) {
      throw new UsageError(`--out ${dir} already holds a key pair: choose another --out, or add --force to replace it`);
    }
  }
}

function fingerprintOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').match(/../g)!.join(':');
}

export const keygenCommand: Command = {
  name: 'keygen',
  summary: 'generate an RSA key pair (PKCS#1 or PKCS#8 private, SPKI public)',
  usage,
  async run(args, { io }) {
    const { values } = parseCommandArgs(args, {
      out: { type: 'string' },
      bits: { type: 'string' },
      format: { type: 'string' },
      force: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage), 0);
    const dir = required(values, 'out');
    const bits = values.bits === undefined ? 4096 : Number(values.bits);
    if (![2048, 3072, 4096].includes(bits)) throw new UsageError('--bits must be 2048, 3072 or 4096 (the gateway supports keys up to 4096 bits)');
    const format = (values.format ?? 'pkcs1') as PrivateKeyFormat;
    if (!FORMATS.includes(format)) throw new UsageError(`--format must be pkcs1 (the default, as the spec's request builders read) or pkcs8 (Java, WebCrypto)`);
    const started = Date.now();
    const files = await generateKeyFiles(dir, bits, values.force === true, format);
    if (values.json) {
      io.out(JSON.stringify({ ...files, bits, format }, null, 2));
      return 0;
    }
    io.out(`private key  ${files.privateKeyPath}  (${FORMAT_NAMES[format]}, mode 0600: keep it secret)`);
    io.out(`public key   ${files.publicKeyPath}  (SPKI: send it to the gateway)`);
    io.out(`fingerprint  SHA-256 ${files.fingerprint}`);
    io.err(io.dim(`${bits}-bit key pair generated in ${((Date.now() - started) / 1000).toFixed(1)} s`));
    return 0;
  },
};
