import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/** Where uploaded files live. Local disk today; an S3 implementation fits the same shape. */
export interface Storage {
  put(key: string, file: StoredFile): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Deletes the file if there is one (erasure); true when something was deleted. */
  remove(key: string): Promise<boolean>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)+$/;

export function diskStorage(root: string): Storage {
  const locate = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, file) {
      const target = locate(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, file.bytes);
      await writeFile(`${target}.type`, file.contentType);
      await rename(temp, target);
    },
    async get(key) {
      const target = locate(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(target),
          readFile(`${target}.type`, 'utf8'),
        ]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      const target = locate(key);
      const existed = (await readFile(`${target}.type`).catch(() => null)) !== null;
      await rm(target, { force: true });
      await rm(`${target}.type`, { force: true });
      return existed;
    },
  };
}
