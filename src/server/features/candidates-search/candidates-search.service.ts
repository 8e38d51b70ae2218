import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bioExcerpt,
  CANDIDATE_SEARCH_TEXTS,
  type CandidatePage,
  type CandidateProfileView,
  type CandidateSearch,
  type CandidateSearchQuery,
  FUZZY_THRESHOLD,
  fuzzyThreshold,
  isFuzzyTerm,
  RANK_WEIGHTS,
  skillList,
  toCandidateSearch,
} from '../../../domain/candidate-search';
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../domain/constants';
import { emptyProfileDetails, type ProfileDetails } from '../../../domain/profile';
import {
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  type SnippetPart,
  snippetParts,
} from '../../../domain/resumes';
import type { Db, Tx } from '../../db/client';
import { assessment, candidateSearch, job, jobApplication, profile, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';

export interface CandidateSearchDeps {
  db: Db;
}

const cs = candidateSearch;

/** A term as a prefix query: "devel" finds "developer". Terms hold no quotes (queryTerms). */
const prefixQuery = (term: string) => `'${term}':*`;

/** The term in both dictionaries: as typed (names, skills) and English-stemmed (title, bio). */
const termQuery = (term: string) =>
  sql`(to_tsquery('simple', ${prefixQuery(term)}) || to_tsquery('english', ${prefixQuery(term)}))`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A text[] of bound parameters (never empty: callers check). */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Every condition of a search: discoverable, active candidates; each word; each filter. */
export function searchConditions(search: CandidateSearch): SQL[] {
  const conditions: SQL[] = [eq(cs.discoverable, true), sql`${user.banned} is not true`];
  for (const term of search.terms) {
    const fullText = sql`${cs.document} @@ ${termQuery(term)}`;
    if (!isFuzzyTerm(term)) {
      conditions.push(fullText);
      continue;
    }
    // `<%` finds candidates through the trigram index (at FUZZY_THRESHOLD, set per query);
    // the similarity then holds short words to the stricter threshold.
    const threshold = fuzzyThreshold(term);
    const like = (column: AnyPgColumn) =>
      sql`(${term} <% ${column} and word_similarity(${term}, ${column}) >= ${threshold})`;
    conditions.push(
      sql`(${fullText} or ${like(cs.name)} or ${like(cs.skills)} or ${like(cs.places)})`,
    );
  }
  if (search.skills.length > 0) conditions.push(sql`${cs.skillSet} @> ${textArray(search.skills)}`);
  if (search.location) {
    conditions.push(sql`${cs.places} like ${`%${escapeLike(search.location)}%`}`);
  }
  if (search.remote !== null) conditions.push(eq(cs.remote, search.remote));
  if (search.experience.length > 0) {
    conditions.push(sql`${cs.experience} = any(${textArray(search.experience)})`);
  }
  if (search.jobTypes.length > 0)
    conditions.push(sql`${cs.jobTypes} && ${textArray(search.jobTypes)}`);
  return conditions;
}

/** The rank of a search with words (see combinedScore in the domain for the formula). */
function scoreOf(terms: string[]): SQL<number> {
  if (terms.length === 0) return sql<number>`0`;
  const anyTerm = sql.join(
    terms.map((t) => termQuery(t)),
    sql` || `,
  );
  const everyTerm = sql.join(
    terms.map((t) => termQuery(t)),
    sql` && `,
  );
  const weights = `{${RANK_WEIGHTS.fullText.join(',')}}`;
  const fullText = sql`ts_rank_cd(${weights}::float4[], ${cs.document}, ${anyTerm}, 32)`;
  const text = terms.join(' ');
  // Exact matches of every word skip the trigram functions (the costly part on many rows).
  return sql<number>`(case when ${cs.document} @@ (${everyTerm})
    then ${RANK_WEIGHTS.exactBonus}::float8 + ${fullText}
    else ${fullText}
      + ${RANK_WEIGHTS.fuzzyName}::float8 * word_similarity(${text}, ${cs.name})
      + ${RANK_WEIGHTS.fuzzySkills}::float8 * word_similarity(${text}, ${cs.skills})
      + ${RANK_WEIGHTS.fuzzyLocation}::float8 * word_similarity(${text}, ${cs.places})
    end)::float8`;
}

/**
 * Find Candidates: discoverable candidates matching every word (exactly, by prefix, stemmed or
 * fuzzily) and every filter, best first; without words, the fullest, most recently updated
 * profiles first. Recruiters and admins only.
 */
export async function searchCandidates(
  { db }: CandidateSearchDeps,
  actor: Actor,
  query: CandidateSearchQuery,
): Promise<CandidatePage> {
  assertRole(actor, 'recruiter', 'admin');
  const search = toCandidateSearch(query);
  const score = scoreOf(search.terms);
  const order =
    search.terms.length > 0
      ? sql`score desc, ${cs.userId} asc`
      : sql`${cs.hasDetails} desc, ${cs.updatedAt} desc, ${cs.userId} asc`;
  const offset = (search.page - 1) * search.limit;

  const page = (q: Db | Tx) =>
    q
      .select({
        id: cs.userId,
        name: cs.name,
        email: user.email,
        image: user.image,
        title: cs.title,
        location: cs.location,
        skills: cs.skills,
        experience: cs.experience,
        remote: cs.remote,
        jobTypes: cs.jobTypes,
        bio: sql<string>`left(${cs.bio}, 400)`,
        score: score.as('score'),
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(cs)
      .innerJoin(user, eq(user.id, cs.userId))
      .where(and(...searchConditions(search)))
      .orderBy(order)
      .limit(search.limit)
      .offset(offset);
  // The fuzzy words' threshold (the `<%` operator) is set for one transaction: only a search
  // with such a word pays for it (three more statements); the page without words needs none.
  const rows = search.terms.some(isFuzzyTerm)
    ? await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
        );
        return page(tx);
      })
    : await page(db);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page: the window count has no row to ride on.
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(cs)
      .innerJoin(user, eq(user.id, cs.userId))
      .where(and(...searchConditions(search)));
    total = row?.total ?? 0;
  }
  const snippets = await resumeSnippets(
    db,
    search.terms,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      image: r.image,
      title: r.title,
      location: r.location,
      skills: skillList(r.skills),
      experience: r.experience,
      remote: r.remote,
      jobTypes: r.jobTypes,
      bioExcerpt: bioExcerpt(r.bio),
      resumeSnippet: snippets.get(r.id) ?? null,
      score: Math.round(Number(r.score) * 1000) / 1000,
    })),
    page: search.page,
    limit: search.limit,
    total,
    hasMore: offset + rows.length < total,
  };
}

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Résumé search: for the page's candidates whose résumés hold a searched word, the passage
 * around it with the words marked (ts_headline, run on these few rows only, after the search).
 */
async function resumeSnippets(
  db: Db,
  terms: string[],
  ids: string[],
): Promise<Map<string, SnippetPart[]>> {
  const found = new Map<string, SnippetPart[]>();
  if (terms.length === 0 || ids.length === 0) return found;
  const anyTerm = sql.join(
    terms.map((t) => termQuery(t)),
    sql` || `,
  );
  const rows = await db
    .select({
      id: cs.userId,
      headline: sql<string>`ts_headline('english', ${cs.resumeText}, ${anyTerm}, ${HEADLINE_OPTIONS})`,
    })
    .from(cs)
    .where(
      and(
        sql`${cs.userId} = any(${textArray(ids)})`,
        sql`${cs.resumeText} <> ''`,
        sql`(to_tsvector('english', ${cs.resumeText}) || to_tsvector('simple', ${cs.resumeText})) @@ (${anyTerm})`,
      ),
    );
  for (const r of rows) {
    const parts = snippetParts(r.headline);
    if (parts.some((p) => p.match)) found.set(r.id, parts);
  }
  return found;
}

function details(stored: Partial<ProfileDetails> | null | undefined): ProfileDetails {
  const base = emptyProfileDetails();
  if (!stored) return base;
  return {
    ...base,
    ...stored,
    jobPreferences: {
      ...base.jobPreferences,
      ...stored.jobPreferences,
      salary: { ...base.jobPreferences.salary, ...stored.jobPreferences?.salary },
    },
  };
}

/**
 * Whether a recruiter may open the profile of a candidate who is hidden (or deactivated):
 * they assigned the candidate an assessment, or the candidate applied to a job the recruiter
 * owns (applying is consent to that job's recruiter reading the profile; a withdrawn
 * application no longer is, and the consent follows the job when an admin reassigns it).
 * Nothing else does: being able to message each other, an invitation or a job the candidate
 * did not apply to. See docs/decisions/011.
 */
async function knowsCandidate(db: Db, recruiterId: string, candidateId: string) {
  const [assigned] = await db
    .select({ id: assessment.id })
    .from(assessment)
    .where(and(eq(assessment.recruiterId, recruiterId), eq(assessment.candidateId, candidateId)))
    .limit(1);
  if (assigned) return true;
  const [applied] = await db
    .select({ id: jobApplication.id })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(
      and(
        eq(job.recruiterId, recruiterId),
        eq(jobApplication.candidateId, candidateId),
        ne(jobApplication.stage, 'withdrawn'),
      ),
    )
    .limit(1);
  return applied !== undefined;
}

/**
 * A candidate's profile, read-only, for recruiters and admins. A recruiter sees it when the
 * candidate is discoverable and active, or when the recruiter knows the candidate
 * (`knowsCandidate`); anyone else learns nothing (404), not even that the account exists.
 */
export async function getCandidateProfile(
  { db }: CandidateSearchDeps,
  actor: Actor,
  id: string,
): Promise<CandidateProfileView> {
  assertRole(actor, 'recruiter', 'admin');
  const [row] = await db
    .select({ user, details: profile.details, discoverable: cs.discoverable })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .leftJoin(cs, eq(cs.userId, user.id))
    .where(and(eq(user.id, id), eq(user.role, 'candidate')));
  if (!row) throw notFound(CANDIDATE_SEARCH_TEXTS.notFound);
  const discoverable = row.discoverable ?? true;
  if (actor.role === 'recruiter' && (!discoverable || row.user.banned)) {
    if (!(await knowsCandidate(db, actor.id, id))) throw notFound(CANDIDATE_SEARCH_TEXTS.notFound);
  }
  const d = details(row.details);
  const currency = (CURRENCIES as readonly string[]).includes(d.jobPreferences.salary.currency)
    ? d.jobPreferences.salary.currency
    : DEFAULT_CURRENCY;
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    image: row.user.image,
    title: d.title,
    location: d.location,
    skills: skillList(d.skills),
    experience: d.experience,
    bio: d.bio,
    education: d.education,
    jobPreferences: {
      jobType: d.jobPreferences.jobType,
      remote: d.jobPreferences.remote,
      salary: { ...d.jobPreferences.salary, currency },
      location: d.jobPreferences.location,
    },
    discoverable,
    memberSince: row.user.createdAt.toISOString(),
  };
}
