import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './schema-auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Find Candidates' search document: one row per candidate, the searched profile fields as
 * columns. Database triggers (drizzle/*_people_sql.sql) rewrite the row whenever the
 * candidate's profile, name or role changes, in the same transaction as the change, so the
 * search never reads the profile's JSON (docs/decisions/002, 006).
 */
export const candidateSearch = pgTable(
  'candidate_search',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    title: text('title').notNull().default(''),
    /** The profile's skills as typed (comma-separated). */
    skills: text('skills').notNull().default(''),
    /** Each skill normalised (lower case, single spaces), for the skills filter. */
    skillSet: text('skill_set').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    /** Location and preferred locations, lower-cased, for the location filter and fuzzy match. */
    places: text('places').notNull().default(''),
    experience: text('experience').notNull().default(''),
    jobTypes: text('job_types').array().notNull().default(sql`'{}'::text[]`),
    remote: boolean('remote').notNull().default(false),
    discoverable: boolean('discoverable').notNull().default(true),
    /** The text of the candidate's PDF résumés (newest first, capped), read in a worker. */
    resumeText: text('resume_text').notNull().default(''),
    /** Whether the profile says anything at all (empty profiles sort last when browsing). */
    hasDetails: boolean('has_details').notNull().default(false),
    /**
     * Weighted words: A name and skills, B title, C location, D bio and résumés. 'simple' keeps names and
     * skills as typed; title and bio also get English stems, so "developing" finds "developer".
     */
    document: tsvector('document')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(skills, '')), 'A') || setweight(to_tsvector('simple', coalesce(title, '')), 'B') || setweight(to_tsvector('english', coalesce(title, '')), 'B') || setweight(to_tsvector('simple', coalesce(places, '')), 'C') || setweight(to_tsvector('english', coalesce(bio, '')), 'D') || setweight(to_tsvector('simple', coalesce(bio, '')), 'D') || setweight(to_tsvector('english', coalesce(resume_text, '')), 'D') || setweight(to_tsvector('simple', coalesce(resume_text, '')), 'D')`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_search_document_idx').using('gin', t.document),
    index('candidate_search_skill_set_idx').using('gin', t.skillSet),
    index('candidate_search_browse_idx').on(t.discoverable, t.hasDetails, t.updatedAt),
    // Trigram indexes (name, skills, places) need pg_trgm: they live in the custom migration.
  ],
);
