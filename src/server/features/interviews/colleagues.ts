import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profile, user } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { companyOf, type InterviewDeps } from './loading';

const companyKey = (name: string) => name.trim().toLowerCase();

/**
 * The recruiters of a recruiter's company: those whose profile names the same company
 * (any case), and the recruiter themself. A recruiter without a company has only themself.
 */
export async function colleaguesOf(db: Db | Tx, recruiterId: string) {
  const [me] = await db
    .select({ company: companyOf(profile.details) })
    .from(profile)
    .where(eq(profile.userId, recruiterId));
  const key = companyKey(me?.company ?? '');
  const sameCompany =
    key === '' ? sql`false` : sql`lower(trim(${companyOf(profile.details)})) = ${key}`;
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(
      and(
        eq(user.role, 'recruiter'),
        or(eq(user.id, recruiterId), sameCompany),
        or(isNull(user.banned), eq(user.banned, false)),
      ),
    )
    .orderBy(asc(user.name));
}

/** Who the recruiter may name as interviewers. */
export async function listColleagues(deps: InterviewDeps, actor: Actor) {
  if (actor.role !== 'recruiter') throw forbidden();
  return colleaguesOf(deps.db, actor.id);
}
