// workerd (nodejs_compat) has node:url, but not CommonJS require: mastercard-oauth1-signer's require('url') is bundled to this.
export * from 'node:url';
