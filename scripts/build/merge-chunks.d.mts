/** Merges the shared chunks of the ESM build in `dir` into one module (see merge-chunks.mjs); the `inShared` entries' code goes there too. */
export declare function mergeChunks(dir: string, options?: { inShared?: readonly string[] }): Promise<void>;
