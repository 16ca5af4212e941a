/** Merges the shared chunks of the ESM build in `dir` into one module (see merge-chunks.mjs). */
export declare function mergeChunks(dir: string): Promise<void>;
