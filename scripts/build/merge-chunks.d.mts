/** Merges the shared chunks of the ESM build in `dir` into one module, or into the `host` entry with the `hosted` entries' code (see merge-chunks.mjs). */
export declare function mergeChunks(dir: string, options?: { host?: string; hosted?: readonly string[] }): Promise<void>;
