// One worker of the concurrency benchmark: signs RSA-SHA256 with the automatic oauth-core entry
// point for as long as it is told, then reports how many signatures it made.
import { parentPort, workerData } from 'node:worker_threads';
import { createSigner } from '@paysign/oauth-core';
import { transfer } from '../fixtures/requests.js';
import { signerOptions } from '../signers/paysign.js';

const { pkcs1Pem } = workerData as { pkcs1Pem: string };
const signer = createSigner(signerOptions({ algorithm: 'RSA-SHA256', request: transfer }, pkcs1Pem));
const request = { url: transfer.url, params: transfer.params };
signer.signSync(request);

parentPort!.on('message', (message: { until: number }) => {
  // The window is a shared wall-clock deadline, so every worker signs over the same interval.
  let count = 0;
  while (Date.now() < message.until) {
    signer.signSync(request);
    count++;
  }
  parentPort!.postMessage({ count });
});
parentPort!.postMessage({ ready: true });
