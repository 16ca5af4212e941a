// paysign send builds the gateway client's one credentials type (@paysign/protocol's
// MerchantCredentials) from flags and PAYSIGN_* variables: with both keys (the README's sandbox
// setup exports both) each operation signs with the method the gateway documents for it,
// pan-eligibility/send HMAC-SHA1 and transfer RSA-SHA256; one key alone signs everything. Run as
// the built binary, against a local gateway that refuses with the spec's empty 403, so that
// --show-request prints what was signed.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysignAsync } from './run-cli.js';

const CONTROL_KEY = 'control-s3cret-key';
const dir = mkdtempSync(join(tmpdir(), 'paysign-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyFile = join(dir, 'private-key.pem');
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
writeFileSync(keyFile, pem);
const requestFile = join(dir, 'pan-eligibility.json');
writeFileSync(requestFile, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
const transferFile = join(dir, 'transfer.json');
writeFileSync(
  transferFile,
  JSON.stringify({ clientOrderId: 'o-2', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'src-1', destinationCardRecurringPaymentId: 'dst-1' }),
);

async function refusingGateway(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(403).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function signatureMethodOf(flags: string[], env: Record<string, string>, operation = 'pan-eligibility'): Promise<string | undefined> {
  const gateway = await refusingGateway();
  try {
    const result = await paysignAsync(
      [
        'send',
        operation,
        '--file',
        operation === 'transfer' ? transferFile : requestFile,
        '--base-url',
        gateway.url,
        '--endpoint-id',
        '1',
        '--login',
        'merchant',
        ...flags,
        '--show-request',
      ],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 403');
    const everything = result.stdout + result.stderr;
    expect(everything).not.toContain(CONTROL_KEY);
    expect(everything).not.toContain(pem.split('\n')[1]);
    return /oauth_signature_method="([A-Z0-9-]+)"/.exec(result.stderr)?.[1];
  } finally {
    await gateway.close();
  }
}

describe('paysign send: one merchant, both keys or one', () => {
  it('both keys (a control key in the environment): pan-eligibility/send signs HMAC-SHA1, transfer RSA-SHA256', async () => {
    expect(await signatureMethodOf(['--private-key', keyFile], { PAYSIGN_CONTROL_KEY: CONTROL_KEY })).toBe('HMAC-SHA1');
    expect(await signatureMethodOf(['--private-key', keyFile], { PAYSIGN_CONTROL_KEY: CONTROL_KEY }, 'transfer')).toBe('RSA-SHA256');
  });

  it('the private key alone signs RSA-SHA256, pan-eligibility/send too', async () => {
    expect(await signatureMethodOf(['--private-key', keyFile], {})).toBe('RSA-SHA256');
  });

  it('the control key alone signs HMAC-SHA1', async () => {
    expect(await signatureMethodOf(['--control-key', CONTROL_KEY], {})).toBe('HMAC-SHA1');
  });

  it('neither key: exit 2, naming both flags and their variables', async () => {
    const result = await paysignAsync([
      'send',
      'pan-eligibility',
      '--file',
      requestFile,
      '--base-url',
      'http://127.0.0.1:9',
      '--endpoint-id',
      '1',
      '--login',
      'm',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give --control-key (or PAYSIGN_CONTROL_KEY) or --private-key (or PAYSIGN_PRIVATE_KEY_FILE)');
  });
});
