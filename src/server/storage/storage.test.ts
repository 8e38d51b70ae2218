import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { migrateStorage } from './migrate';
import { openStorage } from './open';
import { readAll, type Storage, streamOf } from './storage';

let s3: LocalS3;
let folder: string;
const drivers: Record<string, () => Storage> = {};

beforeAll(async () => {
  s3 = await startLocalS3();
  folder = await mkdtemp(path.join(tmpdir(), 'talentforge-storage-'));
  const env = (extra: Record<string, string> = {}) => parseEnv({ DATA_DIR: folder, ...extra });
  drivers.local = () => openStorage(env());
  drivers.s3 = () => openStorage(env(s3.env('contract')));
});

afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

/** A stream of `size` bytes in 64 KB chunks, made as it is read. */
function generated(size: number, seed = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i + seed) % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

describe.each(['local', 's3'])('the %s driver', (name) => {
  it('stores, reads, streams, lists and removes files', async () => {
    const storage = drivers[name]!();
    await storage.check();
    const bytes = new TextEncoder().encode('%PDF-1.4 a résumé');
    await storage.put('resumes/app-1', { bytes, contentType: 'application/pdf' });
    expect(await storage.get('resumes/app-1')).toEqual({ bytes, contentType: 'application/pdf' });
    const opened = await storage.open('resumes/app-1');
    expect(opened).toMatchObject({ contentType: 'application/pdf', size: bytes.length });
    expect(await readAll(opened!.stream)).toEqual(bytes);
    expect(await storage.get('resumes/none')).toBeNull();
    expect(await storage.open('resumes/none')).toBeNull();

    await storage.putStream('profile-images/u1', streamOf(bytes.slice(0, 4)), 'image/png');
    const keys = [];
    for await (const entry of storage.list()) keys.push(entry);
    expect(keys).toEqual([
      { key: 'profile-images/u1', size: 4 },
      { key: 'resumes/app-1', size: bytes.length },
    ]);

    expect(await storage.remove('resumes/app-1')).toBe(true);
    expect(await storage.remove('resumes/app-1')).toBe(false);
    expect(await storage.get('resumes/app-1')).toBeNull();
    await storage.remove('profile-images/u1');
    await expect(storage.put('../escape', { bytes, contentType: 'x' })).rejects.toThrow(
      /Unsafe storage key/,
    );
    await storage.close();
  });

  it('stores a 12 MB stream (in 5 MB parts on S3) and streams it back intact', async () => {
    const storage = drivers[name]!();
    const size = 12 * 1024 * 1024 + 123;
    await storage.putStream('exports/big', generated(size), 'application/zip');
    const opened = await storage.open('exports/big');
    expect(opened?.size).toBe(size);
    let offset = 0;
    let intact = true;
    for await (const chunk of opened!.stream as AsyncIterable<Buffer>) {
      for (let i = 0; i < chunk.length; i += 4099) {
        if (chunk[i] !== (offset + i + 7) % 251) intact = false;
      }
      offset += chunk.length;
    }
    expect({ offset, intact }).toEqual({ offset: size, intact: true });
    await storage.remove('exports/big');
    await storage.close();
  });
});

describe('S3 configuration', () => {
  it('reads the bucket and prefix from STORAGE_URL and fails its check when unreachable', async () => {
    const storage = openStorage(
      parseEnv({
        DATA_DIR: folder,
        ...s3.env('a/b'),
        AWS_ENDPOINT_URL: 'http://127.0.0.1:9', // nothing listens there
      }),
    );
    expect(storage.location).toContain(`s3://${s3.bucket}/a/b`);
    await expect(storage.check()).rejects.toThrow();
    await storage.close();
  });

  it('refuses a STORAGE_URL that is neither s3:// nor file:///', () => {
    expect(() => parseEnv({ STORAGE_URL: 'ftp://x/y' })).toThrow(/STORAGE_URL/);
  });
});

describe('storage:migrate', () => {
  it('copies local files to S3, verifies them, and copies nothing twice', async () => {
    const env = parseEnv({ DATA_DIR: folder, ...s3.env('migrated') });
    const local = openStorage(env, null);
    const remote = openStorage(env);
    const photo = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await local.put('profile-images/u9', { bytes: photo, contentType: 'image/png' });
    await local.putStream('resumes/app-9', generated(6 * 1024 * 1024, 3), 'application/pdf');
    const lines: string[] = [];
    const first = await migrateStorage(local, remote, (l) => lines.push(l));
    expect(first).toMatchObject({ copied: 2, unchanged: 0, mismatched: [] });
    expect(first.bytes).toBe(photo.length + 6 * 1024 * 1024);
    expect(await remote.get('profile-images/u9')).toEqual({
      bytes: photo,
      contentType: 'image/png',
    });
    expect((await remote.open('resumes/app-9'))?.size).toBe(6 * 1024 * 1024);

    const again = await migrateStorage(local, remote);
    expect(again).toMatchObject({ copied: 0, unchanged: 2, mismatched: [] });
    await remote.close();
  });
});
