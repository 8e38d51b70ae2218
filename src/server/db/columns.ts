import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz read as a Date: every time column of the schema. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** When the row was made. */
export const created = () => ts('created_at').notNull().defaultNow();
/** When the row last changed (set by the query builder on every update). */
export const updated = () =>
  ts('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
