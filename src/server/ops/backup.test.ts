import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { diskStorage } from '../storage/storage';
import { unpackPgliteTemplate } from '../test/pglite-template';
import { backup, restore } from './backup';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'talentforge-backup-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('npm run backup / restore (embedded database, local files)', () => {
  it('restores the database, the files and the session secret into another DATA_DIR', {
    timeout: 120_000,
  }, async () => {
    const source = path.join(folder, 'source');
    // A migrated database, as the server left it (making one: db/pglite-init.test.ts).
    await unpackPgliteTemplate(source);
    const database = await openDatabase({ dataDir: source });
    await database.query(`insert into setting (key, value) values ('backup-check', '"kept"')`);
    await database.close();
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await diskStorage(path.join(source, 'files')).put('resumes/app-1', {
      bytes,
      contentType: 'application/pdf',
    });
    await writeFile(path.join(source, 'auth-secret'), 'the-secret');

    const file = path.join(folder, 'backup.zip');
    expect(await backup(source, file)).toMatchObject({ format: 'talentforge-backup-1', files: 1 });

    const target = path.join(folder, 'target');
    await restore(file, target);
    const restored = await openDatabase({ dataDir: target });
    const rows = await restored.query<{ value: string }>(
      `select value from setting where key = 'backup-check'`,
    );
    await restored.close();
    expect(rows).toEqual([{ value: 'kept' }]);
    expect(await diskStorage(path.join(target, 'files')).get('resumes/app-1')).toEqual({
      bytes,
      contentType: 'application/pdf',
    });
    expect(await readFile(path.join(target, 'auth-secret'), 'utf8')).toBe('the-secret');

    // A second restore over a database needs --force.
    await expect(restore(file, target)).rejects.toThrow(/--force/);
  });
});
