import type { Options } from 'tsup';

/** The build every package shares (see tsup-base.mjs): the package's entries and what it does differently. */
export declare function paysignBuild(options: Options & { entry: Record<string, string>; inShared?: readonly string[] }): Options;
