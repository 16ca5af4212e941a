// The whole paysign story in one run: `pnpm start` at the repository root.
//
// By default everything happens against an in-process gateway emulator on a free loopback port.
// Point it at a real (sandbox!) gateway with PAYSIGN_BASE_URL and friends: see README.md.
import { createPublicKey } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainRequest, generateKeyFiles } from '@paysign/cli';
import { createOutput, printDiagnosis, printResult, printSchedule, readGatewayConfig } from '../dist/demo-support.js';
import { serve } from '@paysign/emulator/node';
import { createCallbackHandler, createGatewayClient, GatewayError } from '@paysign/gateway';
import { toNodeListener } from '@paysign/gateway/node';
import { previewSchedule } from '@paysign/protocol/schedule';
import { operationUrl, toTransferParams } from '@paysign/protocol/wire';
import { createSigner } from '@paysign/oauth-core';

const io = createOutput();
const started = performance.now();
const requests = (name) => JSON.parse(readFileSync(new URL(`./requests/${name}.json`, import.meta.url), 'utf8'));
const heading = (n, title) => io.out(`\n${io.bold(io.cyan(`${n}. ${title}`))}`);
const note = (text) => io.out(io.dim(`   ${text}`));

const config = readGatewayConfig({}, process.env);
const real = config.baseUrl !== undefined;
// The story makes a transfer, which moves money: against anything but this machine it runs only when told --yes.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
if (real && !process.argv.slice(2).includes('--yes')) {
  const host = URL.canParse(config.baseUrl) ? new URL(config.baseUrl).hostname : config.baseUrl;
  if (!LOOPBACK.has(host)) {
    process.stderr.write(
      `paysign demo: PAYSIGN_BASE_URL points at ${JSON.stringify(host)}, not this machine, and the story makes a transfer there (it moves money).\n` +
        'Nothing was sent. Run "pnpm start --yes" to run it against that gateway (a sandbox!), or unset PAYSIGN_BASE_URL to use the local emulator.\n',
    );
    process.exit(2);
  }
}
const login = config.login ?? 'demo-merchant';
const endpointId = config.endpointId ?? '1234';
const currency = config.currency ?? 'EUR';
const controlKey = config.controlKey ?? 'demo-control-key';
const payments = requests('update-recurring-payments');
const ids = process.env.PAYSIGN_RECURRING_PAYMENT_IDS?.split(',');
if (ids) {
  ids.forEach((id, i) => {
    if (payments[i]) payments[i].recurringPaymentId = id.trim();
  });
}
const panCheck = { ...requests('pan-eligibility'), ...(process.env.PAYSIGN_CARD_REF_ID && { sendingCardRefId: process.env.PAYSIGN_CARD_REF_ID }) };
const transfer = requests('transfer');

io.out(io.bold(`paysign: sign, send and explain gateway requests`));
io.out(io.dim(real ? `against ${config.baseUrl} (PAYSIGN_BASE_URL)` : 'against a local gateway emulator on a free loopback port'));

// The emulator knows the merchant by login and control key; the RSA key is registered in step 1.
let server;
if (!real) {
  server = await serve({
    merchants: [{ login, controlKey, endpointIds: [endpointId], currency }],
    profiles: payments.map((p) => ({
      'recurring-payment-id': p.recurringPaymentId,
      'client-orderid': p.clientOrderId,
      'credit-card-number': p.creditCardNumber,
      amount: '5.00',
      currency,
      period: 'month',
      interval: '1',
    })),
    log: () => {}, // the story prints what matters; `paysign emulator` shows the log
  });
  config.baseUrl = server.url;
}
const keyDir = mkdtempSync(join(tmpdir(), 'paysign-demo-'));
try {
  heading(1, 'Generate an RSA key pair and register the public key');
  let privateKey;
  if (real) {
    if (!config.privateKeyFile) throw new Error('PAYSIGN_PRIVATE_KEY_FILE must name the private key whose public key the gateway has');
    privateKey = readFileSync(config.privateKeyFile, 'utf8');
    note(`using ${config.privateKeyFile} (PAYSIGN_PRIVATE_KEY_FILE): its public key is registered with the gateway`);
  } else {
    const t = performance.now();
    const files = await generateKeyFiles(keyDir, 4096);
    privateKey = readFileSync(files.privateKeyPath, 'utf8');
    io.out(`   private key  ${files.privateKeyPath}  (PKCS#1 PEM, mode 0600)`);
    io.out(`   public key   ${files.publicKeyPath}  (SPKI PEM)`);
    io.out(`   fingerprint  ${files.fingerprint.slice(0, 23)}...`);
    server.emulator.merchants.addPublicKey(login, readFileSync(files.publicKeyPath, 'utf8'));
    note(`4096 bits as the spec asks, generated in ${((performance.now() - t) / 1000).toFixed(1)} s; registered with the emulator for ${login}`);
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' });

  // Every request below goes through this fetch, so the story shows the real HTTP exchange.
  const tracingFetch = async (url, init) => {
    io.out(io.dim(`   -> ${init?.method ?? 'GET'} ${url}`));
    const response = await fetch(url, init);
    io.out(io.dim(`   <- HTTP ${response.status}`));
    return response;
  };
  const common = {
    baseUrl: config.baseUrl,
    endpointId,
    login,
    fetch: tracingFetch,
    projectCurrency: currency,
    ...(config.pathPrefix && { pathPrefix: config.pathPrefix }),
  };
  // One client per merchant, holding both keys: each operation signs with the method the gateway
  // documents for it (client.signatureMethods), the headings below read it from the client.
  const client = createGatewayClient({ ...common, controlKey, privateKey });
  const { signatureMethods } = client;

  heading(2, `Update two recurring payments (${signatureMethods['update-recurring-payments']})`);
  note('one client holds the control key and the private key; each operation signs with the method the gateway documents for it');
  printIndented(await client.updateRecurringPayments(payments));
  if (!real) {
    for (const p of payments) {
      const profile = await (await fetch(`${server.url}/payment/emulator/recurring-payments/${p.recurringPaymentId}`)).json();
      const f = profile.fields;
      note(
        `${profile.id} rev ${profile.revision}: card ${f['credit-card-number']}, ${f.amount ? `amount ${f.amount}` : `amounts ${f['amount-sequence']}`}, every ${f.interval === '1' ? f.period : `${f.interval} ${f.period}s`}, from ${f['start-date']}`,
      );
    }
  }

  heading(3, `Check a PAN's eligibility (${signatureMethods['pan-eligibility/send']})`);
  printIndented(await client.panEligibilitySend(panCheck));

  heading(4, `Make a transfer (${signatureMethods.transfer})`);
  printIndented(await client.transfer(transfer));
  note('a transfer is never retried automatically: it moves money');

  heading(5, 'A tampered request: refused with 403, then explained');
  const url = operationUrl(config.baseUrl, 'transfer', endpointId, config.pathPrefix);
  const signed = await createSigner({ consumerKey: login, privateKey, signatureMethod: 'RSA-SHA256' }).sign({
    url,
    params: toTransferParams({ ...transfer, clientOrderId: 'transfer-2' }),
  });
  // Someone between the client and the gateway appends a second amount after signing.
  const tamperedBody = `${signed.body}&amount=2500.00`;
  note('the body is signed, then "&amount=2500.00" is appended on the way');
  const refused = await tracingFetch(url, { method: 'POST', headers: signed.headers, body: tamperedBody });
  const refusedBody = await refused.text();
  io.out(
    `   ${refused.status === 403 ? io.red('403 Forbidden') : refused.status}, body ${refusedBody === '' ? 'empty' : `${refusedBody.length} bytes`}: the gateway says nothing more`,
  );
  io.out(io.dim('   paysign explain --url URL --authorization "OAuth ..." --body "..." --public-key public-key.pem'));
  const diagnosis = await explainRequest({ url, authorization: signed.authorization, body: tamperedBody, publicKey: publicKeyPem });
  printDiagnosis(indented(io), diagnosis);

  heading(6, 'Preview the schedule of the first recurring payment');
  note(
    `${payments[0].amountSequence.join(', ')} ${currency}, every ${payments[0].period} from ${payments[0].startDate}: the 31st falls back to the month's last day`,
  );
  printSchedule(indented(io), previewSchedule(payments[0], { count: 6, today: '01.01.2026' }), currency);

  heading(7, 'A recurring payment lives: a month on the virtual clock, charges and verified callbacks');
  if (real) note('shown against the local emulator only (its virtual clock and admin API do not exist on the gateway)');
  else await recurringLife();

  io.out(
    `\n${io.green(io.bold('Done'))} in ${((performance.now() - started) / 1000).toFixed(1)} s. Next: npx paysign --help (from the repository root), and packages/cli/README.md.`,
  );
} catch (error) {
  io.err(io.red(`\nThe story stopped: ${error instanceof GatewayError ? `${error.code}: ` : ''}${error instanceof Error ? error.message : error}`));
  process.exitCode = 1;
} finally {
  rmSync(keyDir, { recursive: true, force: true });
  await server?.close();
}

// Step 7: an emulator on a virtual clock charges weekly and calls back a receiver built on
// createCallbackHandler, which verifies each callback's checksum with the control key and checks
// it against the merchant's own order (by the signed merchant_order, and its amount).
async function recurringLife() {
  const received = new Map();
  const payment = payments[1];
  const handler = createCallbackHandler({
    controlKey,
    findOrder: (merchantOrder) => (merchantOrder === payment.clientOrderId ? { amount: '9.99' } : undefined),
    onCallback: (callback) => void received.set(callback.orderid, callback),
  });
  // The fetch-style handler as a node:http listener (the same one mounts in Express, Fastify, Koa).
  const receiver = createServer(toNodeListener(handler));
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const clocked = await serve({
    merchants: [{ login, controlKey, endpointIds: [endpointId], currency }],
    clock: 'virtual',
    today: '01.01.2026',
    log: () => {},
  });
  try {
    const admin = async (path, body) =>
      (
        await fetch(`${clocked.url}${path}`, {
          method: body ? 'POST' : 'GET',
          ...(body && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
        })
      ).json();
    await admin('/emulator/recurring-payments', {
      'recurring-payment-id': payment.recurringPaymentId,
      'client-orderid': payment.clientOrderId,
      'credit-card-number': payment.creditCardNumber,
      amount: '9.99',
      currency,
      period: 'week',
      interval: 1,
      'start-date': '02.01.2026',
      'max-repeats-number': 3,
      server_callback_url: `http://127.0.0.1:${receiver.address().port}/callbacks`,
    });
    note(
      `${payment.recurringPaymentId}: 9.99 ${currency} weekly from 02.01.2026, max-repeats-number 3 (the last charge's index: 4 charges); the emulator's clock reads 01.01.2026`,
    );
    io.out(io.dim(`   -> POST ${clocked.url}/emulator/clock {"advanceDays": 31}`));
    const moved = await admin('/emulator/clock', { advanceDays: 31 });
    io.out(io.dim(`   <- today ${moved.today}, ${moved.charges.length} charges`));
    await clocked.emulator.recurring.callbacksSettled();
    const life = await admin(`/emulator/recurring-payments/${payment.recurringPaymentId}`);
    io.out(`   #  date        amount      status    callback`);
    for (const charge of life.charges) {
      const delivery = life.callbacks.find((callback) => callback.orderid === charge.orderid);
      const verified = received.get(charge.orderid);
      const callback = verified ? `verified (${verified.status}, ${delivery?.attempts ?? 0} attempt${delivery?.attempts === 1 ? '' : 's'})` : 'not received';
      io.out(`   ${String(charge.index).padEnd(2)} ${charge.date}  ${`${charge.amount} ${currency}`.padEnd(10)}  ${charge.status.padEnd(8)}  ${callback}`);
    }
    note(
      `state ${life.state} after ${life.currentRepeatsNumber} charges (indices 0 to ${life.charges.at(-1)?.index}: max-repeats-number 3 is the last index); each callback's control checksum matched the control key`,
    );
  } finally {
    await clocked.close();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

function indented(output) {
  return { ...output, out: (line = '') => output.out(`   ${line}`) };
}

function printIndented(result) {
  printResult(indented(io), result);
}
