/** Environment variables as the CLI reads them (`process.env` fits): no Node types in the public API. */
export type Environment = Readonly<Record<string, string | undefined>>;
