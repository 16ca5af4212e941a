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
  // The file aside, while it exists and has not been renamed into place.
  let temp: string | undefined;
  let file: FileHandle | undefined;
  // Named only once created: a name that was taken (O_EXCL) is someone else's to keep.
  const create = async () => {
    const name = aside();
    file = await open(name, NEW_FILE, 0o600);
    temp = name;
    return file;
  };
  try {
    await create();
  } catch (error) {
    throw cannotWrite(error);
  }
  const close = async () => {
    await file?.close().catch(() => {});
    file = undefined;
    if (temp !== undefined) await unlink(temp).catch(() => {});
    temp = undefined;
  };
  return {
    async save(request) {
      try {
        const handle = file ?? (await create());
        await handle.writeFile(`${JSON.stringify(request, null, 2)}\n`, 'utf8');
        await handle.sync();
        await handle.close();
        file = undefined;
        // rename replaces a link planted at `path` meanwhile; it never writes where one points.
        await rename(temp as string, path);
        temp = undefined;
      } catch (error) {
        await close();
        throw cannotWrite(error);
      }
    },
    close,
  };
}
