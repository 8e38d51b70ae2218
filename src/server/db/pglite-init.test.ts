import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE_URL)(
  'a new embedded database',
  { timeout: 120_000 },
  () => {
    it('is made apart, migrated, and renamed into place over what a crashed attempt left', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'talentforge-db-init-'));
      dirs.push(dir);
      // A start killed while it was creating the database left a half-made copy.
      await mkdir(path.join(dir, 'pglite.creating'), { recursive: true });
      await writeFile(path.join(dir, 'pglite.creating', 'PG_VERSION'), '15\n');

      const db = await openDatabase({ dataDir: dir });
      try {
        // The migrations ran: the app's tables are there.
        await db.query(
          `insert into outbox (id, "to", subject, text) values ('m1', 'a@b.c', 's', 't')`,
        );
        expect(await db.query('select id from outbox')).toEqual([{ id: 'm1' }]);
      } finally {
        await db.close();
      }
      expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dir, 'pglite.creating'))).toBe(false);
    });
  },
);
