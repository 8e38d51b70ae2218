import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * The departments templates and jobs are filed under (spec section 2). Names
 * are unique whatever their case; an archived department is no longer offered
 * for new templates and jobs, but those that have it keep it. Templates and
 * jobs point here with ON DELETE RESTRICT: a department in use cannot go.
 */
export const department = pgTable(
  'department',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('department_name_key').on(sql`lower(${t.name})`),
    index('department_archived_idx').on(t.archived),
  ],
);
