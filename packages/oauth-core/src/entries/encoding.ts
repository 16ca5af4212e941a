// @paysign/oauth-core/encoding: the codecs the sibling packages share (form bodies, Base64),
// adapter-free. Most applications need only percentEncode from the package root.
export { percentEncode } from '../encoding/percent-encode.js';
export { percentDecode, formDecode } from '../encoding/percent-decode.js';
export { encodeBase64, decodeBase64, isCanonicalBase64 } from '../encoding/base64.js';
export { parseFormPairs } from '../base-string/query.js';
export { collectParameters, type Parameter } from '../parameters/collect.js';
export type { ParameterInput, ParameterValue } from '../types.js';
