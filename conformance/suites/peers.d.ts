// Just enough typing for the two peer implementations the differential suite compares against.
declare module 'oauth-sign' {
  type Params = Record<string, string | string[]>;
  export function generateBase(httpMethod: string, baseUri: string, params: Params): string;
  export function sign(signMethod: string, httpMethod: string, baseUri: string, params: Params, consumerSecret?: string, tokenSecret?: string): string;
  export function rsasign(httpMethod: string, baseUri: string, params: Params, privateKey: string): string;
  export function plaintext(consumerSecret?: string, tokenSecret?: string): string;
  export function rfc3986(value: string): string;
}

declare module 'oauth-1.0a' {
  interface Options {
    consumer: { key: string; secret: string };
    signature_method?: string;
    hash_function?: (baseString: string, key: string) => string;
    realm?: string;
  }
  interface RequestData {
    url: string;
    method: string;
    data?: Record<string, string | string[]>;
  }
  class OAuth {
    constructor(options: Options);
    getNonce(): string;
    getTimeStamp(): number | string;
    authorize(request: RequestData, token?: { key: string; secret: string }): Record<string, string>;
    getBaseString(request: RequestData, oauthData: Record<string, string>): string;
    percentEncode(value: string): string;
  }
  export default OAuth;
}
