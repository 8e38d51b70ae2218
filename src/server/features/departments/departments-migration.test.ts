import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../lib/paths';

/**
 * The departments migrations against data written before them: jobs kept their
 * department as text, admins wrote theirs into the profile. Runs the SQL files
 * in journal order, stopping before the departments migration to add that data.
 */
const folder = migrationsFolder();
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((e) => e.tag);
const first = tags.findIndex((tag) => tag.endsWith('_departments'));

let db: PGlite;
async function apply(tag: string) {
  const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

beforeAll(async () => {
  db = new PGlite({ extensions: { pg_trgm } });
  await db.waitReady;
  for (const tag of tags.slice(0, first)) await apply(tag);
  await db.exec(`
    insert into "user" (id, name, email, role) values
      ('r1', 'Rita', 'r1@example.test', 'recruiter'),
      ('a1', 'Ada', 'a1@example.test', 'admin'),
      ('c1', 'Casey', 'c1@example.test', 'candidate');
    insert into profile (user_id, details) values
      ('a1', '{"department": " Platform "}'),
      ('c1', '{"department": "Not an admin"}');
    insert into job (id, recruiter_id, title, department, locations, workplace_type, job_type, experience, description)
    values
      ('j1', 'r1', 'One', 'Engineering', '["Berlin"]', 'remote', 'full-time', '3-5', 'x'),
      ('j2', 'r1', 'Two', 'customer support', '["Berlin"]', 'remote', 'full-time', '3-5', 'x'),
      ('j3', 'r1', 'Three', 'Finance', '["Berlin"]', 'remote', 'full-time', '3-5', 'x'),
      ('j4', 'r1', 'Four', 'FINANCE', '["Berlin"]', 'remote', 'full-time', '3-5', 'x');
  `);
  for (const tag of tags.slice(first)) await apply(tag);
});
afterAll(async () => {
  await db?.close();
});

describe('departments migration', () => {
  it('seeds the spec six and links existing jobs by name, whatever the case', async () => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `select j.id, d.name from job j join department d on d.id = j.department_id order by j.id`,
    );
    expect(rows).toEqual([
      { id: 'j1', name: 'Engineering' },
      { id: 'j2', name: 'Customer Support' },
      { id: 'j3', name: 'Finance' },
      { id: 'j4', name: 'Finance' },
    ]);
  });

  it("turns other names into departments: jobs' and admins' (not candidates')", async () => {
    // The spec's six keep their order among themselves; the names turned into departments
    // come after them in time, but the embedded database's clock may give the next statement
    // the same instant, so those are compared as a set.
    const seeded = await db.query<{ name: string }>(
      `select name from department where id in ('dept_engineering', 'dept_marketing', 'dept_sales', 'dept_product', 'dept_design', 'dept_customer_support') order by created_at, name`,
    );
    expect(seeded.rows.map((r) => r.name)).toEqual([
      'Engineering',
      'Marketing',
      'Sales',
      'Product',
      'Design',
      'Customer Support',
    ]);
    const others = await db.query<{ name: string }>(
      `select name from department where id not in ('dept_engineering', 'dept_marketing', 'dept_sales', 'dept_product', 'dept_design', 'dept_customer_support') order by name`,
    );
    expect(others.rows.map((r) => r.name)).toEqual(['Finance', 'Platform']);
    const admin = await db.query<{ department: string }>(
      `select details->>'department' as department from profile where user_id = 'a1'`,
    );
    expect(admin.rows).toEqual([{ department: 'Platform' }]);
  });

  it('drops the text column and requires the link', async () => {
    const { rows } = await db.query(
      `select column_name from information_schema.columns where table_name = 'job' and column_name = 'department'`,
    );
    expect(rows).toEqual([]);
    await expect(
      db.exec(
        `insert into job (id, recruiter_id, title, locations, workplace_type, job_type, experience, description)
         values ('j9', 'r1', 'Nine', '["x"]', 'remote', 'full-time', '3-5', 'x')`,
      ),
    ).rejects.toThrow();
  });
});
