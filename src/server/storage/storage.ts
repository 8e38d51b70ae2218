import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/** A stored file opened for reading: its bytes arrive as a stream, never all at once. */
export interface OpenedFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live (photos, résumés): every server reads and writes
 * them through this, so that with S3 any server can serve a file another
 * one stored. Keys are app-made paths such as `resumes/<id>`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A readable description for logs (no credentials). */
  readonly location: string;
  put(key: string, file: StoredFile): Promise<void>;
  /** Stores a stream without holding it in memory (S3: a multipart upload in 5 MB parts). */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The whole file in memory: for small files only (a photo in an export). */
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream, for downloads. */
  open(key: string): Promise<OpenedFile | null>;
  /** Deletes the file if there is one (erasure); true when something was deleted. */
  remove(key: string): Promise<boolean>;
  /** Every stored key (storage:migrate, backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
  close(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)+$/;

export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/** Reads a whole stream into memory (small files only). */
export async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The local driver: a folder (DATA_DIR/files by default), each file beside a
 * `.type` file holding its content type. Writes go to a temporary name and
 * are renamed, so a reader never sees half a file.
 */
export function diskStorage(root: string): Storage {
  const locate = (key: string) => path.join(root, assertSafeKey(key));
  const temporary = (target: string) =>
    `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const finish = async (target: string, temp: string, contentType: string) => {
    await writeFile(`${target}.type`, contentType);
    await rename(temp, target);
  };
  return {
    kind: 'local',
    location: root,
    async put(key, file) {
      const target = locate(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = temporary(target);
      await writeFile(temp, file.bytes);
      await finish(target, temp, file.contentType);
    },
    async putStream(key, body, contentType) {
      const target = locate(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = temporary(target);
      try {
        await pipeline(body, createWriteStream(temp));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await finish(target, temp, contentType);
    },
    async get(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      return { bytes: await readAll(opened.stream), contentType: opened.contentType };
    },
    async open(key) {
      const target = locate(key);
      try {
        const [info, contentType] = await Promise.all([
          stat(target),
          readFile(`${target}.type`, 'utf8'),
        ]);
        return { stream: createReadStream(target), contentType, size: info.size };
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
    async *list() {
      const walk = async function* (
        folder: string,
        prefix: string,
      ): AsyncGenerator<{ key: string; size: number }> {
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const key = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), key);
          else if (SAFE_KEY.test(key)) {
            const info = await stat(path.join(folder, entry.name)).catch(() => null);
            if (info) yield { key, size: info.size };
          }
        }
      };
      yield* walk(root, '');
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
    async close() {},
  };
}

/** A stream of the given bytes (the local driver and tests). */
export const streamOf = (bytes: Uint8Array) => Readable.from([Buffer.from(bytes)]);
