// A WooCommerce/Magento-style request signed in the query string (RFC 5849 §3.5.3): every
// protocol parameter, oauth_signature included, goes in the URL, and no Authorization header is
// sent (WooCommerce's REST API over plain HTTP; Magento's integrations take either).
import { createSigner, createVerifier } from '@paysign/oauth-core';

const consumer = { key: 'ck_4a1f0e3b2c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f', secret: 'cs_0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6' };
const signer = createSigner({ consumerKey: consumer.key, consumerSecret: consumer.secret, signatureMethod: 'HMAC-SHA256', transmission: 'query' });

const signed = await signer.sign({ method: 'GET', url: 'http://shop.example/wp-json/wc/v3/orders?per_page=5&status=processing' });
console.log(`GET ${signed.url}`);
console.log(`Authorization header: ${signed.headers.Authorization ?? '(none)'}`);
// await fetch(signed.url);

const verifier = createVerifier({
  lookup: (key) => (key === consumer.key ? { consumerSecret: consumer.secret, signatureMethods: ['HMAC-SHA256'] } : undefined),
});
const result = await verifier.verify({ method: 'GET', url: signed.url });
console.log(
  `verified: ${result.ok ? 'yes' : `no (${result.reason})`}; parameters: ${result.ok ? result.params.map(([name, value]) => `${name}=${value}`).join(' ') : ''}`,
);
