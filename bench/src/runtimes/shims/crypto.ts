// workerd (nodejs_compat) has node:crypto, but not CommonJS require: the peers' require('crypto') is bundled to this.
export * from 'node:crypto';
