import { randomBytes } from 'node:crypto';
import { constants, type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../cli/usage-error.js';

/** A request as it went over the wire: what --verbose, --show-request and --save-request show. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The --save-request file: `save` puts a request in place; `close` removes what `save` did not use. */
export interface SaveRequestFile {
  save(request: SentRequest): Promise<void>;
  close(): Promise<void>;
}

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Opens the --save-request file before anything is sent, so a path that cannot be written is a
 * usage error and not a failed request. The file holds card data, so it is never written through
 * a link: a symbolic link (or anything but a regular file) at `path` is refused, and each request
 * goes to a new file beside it (created exclusively, never following a link, mode 0600) that is
 * renamed over `path` once written. `save` is called with a request only once the client has
 * validated and signed it: a refused request leaves `path` as it was, and a link's target is never
 * created.
 */
export async function openSaveRequestFile(path: string): Promise<SaveRequestFile> {
  const cannotWrite = (error: unknown) => new UsageError(`--save-request ${path}: cannot write the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw cannotWrite(error);
  });
  if (found?.isSymbolicLink())
    throw new UsageError(`--save-request ${path} is a symbolic link: refused, so that the request and its card data go nowhere else; name a regular file`);
  if (found !== undefined && !found.isFile()) throw new UsageError(`--save-request ${path} is not a regular file: name a new file or one to replace`);
  const directory = dirname(path);
  const aside = () => join(directory, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let temp = aside();
  let file: FileHandle | undefined;
  try {
    file = await open(temp, NEW_FILE, 0o600);
  } catch (error) {
    throw cannotWrite(error);
  }
  return {
    async save(request) {
      try {
        if (file === undefined) {
          temp = aside();
          file = await open(temp, NEW_FILE, 0o600);
        }
        await file.writeFile(`${JSON.stringify(request, null, 2)}\n`, 'utf8');
        await file.sync();
        await file.close();
        file = undefined;
        // rename replaces a link planted at `path` meanwhile; it never writes where one points.
        await rename(temp, path);
      } catch (error) {
        await this.close();
        throw cannotWrite(error);
      }
    },
    async close() {
      if (file === undefined) return;
      await file.close().catch(() => {});
      file = undefined;
      await unlink(temp).catch(() => {});
    },
  };
}
