// @paysign/oauth-core/keys: reading RSA keys (PEM, PKCS#1, PKCS#8, SPKI, JWK), adapter-free.
// Signers read keys themselves; this is for tools that inspect or convert keys.
export { readPem, writePem, type PemBlock } from '../keys/pem.js';
export { pkcs1PrivateToPkcs8, pkcs1PublicToSpki } from '../keys/der.js';
export {
  readPrivateKey,
  readPrivateKeyContainer,
  readPublicKey,
  type PrivateKeyContainer,
  type PrivateKeyMaterial,
  type PublicKeyMaterial,
} from '../keys/rsa-key.js';
export type { PrivateKeyInput, PublicKeyInput, RsaPrivateJwk, RsaPublicJwk, KeyObjectLike } from '../types.js';
