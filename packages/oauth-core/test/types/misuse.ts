// Compiled by `pnpm typecheck` (never run): each `@ts-expect-error` line is misuse the public
// types must refuse. If the types stop refusing one, its directive is unused and the build fails.
import { createSigner as createAutoSigner } from '@paysign/oauth-core';
import { createHmacSigner } from '@paysign/oauth-core/hmac';
import { createSigner as createJsSigner } from '@paysign/oauth-core/js';
import { createSigner as createNodeSigner, signBaseString, verifyBaseString } from '@paysign/oauth-core/node';
import { createSigner as createWebCryptoSigner, defaultAdapter as webcryptoAdapter } from '@paysign/oauth-core/webcrypto';

const pem = '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----';
const request = { url: 'https://gate.example/payment/api/v4/transfer/42' };

// An RSA signer without a key, an HMAC signer without a secret.
// @ts-expect-error privateKey is required for RSA-SHA256
createNodeSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256' });
// @ts-expect-error consumerSecret is required for HMAC-SHA1
createNodeSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1' });
// @ts-expect-error an RSA method does not take a secret in place of the key
createWebCryptoSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', consumerSecret: 'k' });
// @ts-expect-error PLAINTEXT signs with the secret
createJsSigner({ consumerKey: 'merchant', signatureMethod: 'PLAINTEXT', privateKey: pem });
// @ts-expect-error not a signature method
createNodeSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-MD5', consumerSecret: 'k' });
// @ts-expect-error consumerKey is required
createNodeSigner({ signatureMethod: 'HMAC-SHA1', consumerSecret: 'k' });
// @ts-expect-error the HMAC-only signer signs with HMAC only
createHmacSigner({ consumerKey: 'merchant', consumerSecret: 'k', signatureMethod: 'RSA-SHA256' });
// @ts-expect-error the HMAC-only signer needs the secret
createHmacSigner({ consumerKey: 'merchant' });
// @ts-expect-error base-string signing checks credentials the same way
void signBaseString('POST&x&y', { signatureMethod: 'RSA-SHA1' });
// @ts-expect-error verifying RSA takes the public key, not the private one
void verifyBaseString('POST&x&y', 'sig', { signatureMethod: 'RSA-SHA256', privateKey: pem });

// signSync exists only where the entry's adapter signs synchronously.
const nodeSigner = createNodeSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', consumerSecret: 'k' });
nodeSigner.signSync(request).authorization satisfies string;
createJsSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: pem }).signSync(request);
const webSigner = createWebCryptoSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', consumerSecret: 'k' });
// @ts-expect-error the WebCrypto entry signs asynchronously only
webSigner.signSync(request);
// @ts-expect-error the HMAC-only entry signs asynchronously only
createHmacSigner({ consumerKey: 'merchant', consumerSecret: 'k' }).signSync(request);
// @ts-expect-error a signer given another adapter may be asynchronous: no signSync in its type
createNodeSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', consumerSecret: 'k', adapter: webcryptoAdapter }).signSync(request);
// The package root's types follow the export condition: under `node` (this compilation) it is
// the node entry, so signSync is there; under workerd, edge-light, worker and browser it is not.
createAutoSigner({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1', consumerSecret: 'k' }).signSync(request);
