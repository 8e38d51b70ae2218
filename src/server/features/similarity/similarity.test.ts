import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let rec2: TestUser;
const cands: TestUser[] = [];
let templateId: string;

const ORIGINAL = `
export function lockAfterFailures(attempts: number[], now: number, windowMs: number) {
  const recent = attempts.filter((at) => now - at < windowMs);
  if (recent.length >= 5) {
    return { locked: true, until: Math.max(...recent) + windowMs };
  }
  return { locked: false, until: null };
}

export function strongEnough(password: string): string | null {
  if (password.length < 12) return 'Use at least 12 characters';
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password)) return 'Mix upper and lower case';
  if (!/[0-9]/.test(password)) return 'Add a digit';
  return null;
}
`;
const COPIED = `
// written from scratch, honest
export function passwordCheck(pw: string): string | null {
  if (pw.length < 12) return 'min 12';
  if (!/[A-Z]/.test(pw) || !/[a-z]/.test(pw)) return 'case';
  if (!/[0-9]/.test(pw)) return 'digit';
  return null;
}

export function isLocked(tries: number[], t: number, span: number) {
  const last = tries.filter((x) => t - x < span);
  if (last.length >= 5) {
    return { locked: true, until: Math.max(...last) + span };
  }
  return { locked: false, until: null };
}
`;
const OWN = `
import crypto from 'node:crypto';
const sessions = new Map<string, { user: string; expires: Date }>();
export async function openSession(user: string) {
  const token = crypto.randomBytes(24).toString('hex');
  sessions.set(token, { user, expires: new Date(Date.now() + 3600_000) });
  while (sessions.size > 1000) sessions.delete(sessions.keys().next().value!);
  return token;
}
class RateLimiter { private hits = 0; hit() { this.hits += 1; return this.hits > 10; } }
export const limiter = new RateLimiter();
`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  rec2 = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
  for (const name of ['Ann Original', 'Ben Copier', 'Cy Own'])
    cands.push(await t.signUp({ accountType: 'candidate', name }));
  templateId = (await createTemplate(t, admin, { title: 'Auth', similarityThreshold: 60 })).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function submitWith(cand: TestUser, content: string) {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: rec,
    json: { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
  });
  const { id } = await res.json();
  const saved = await t.request(`/api/assessments/${id}/files/auth.service.ts`, {
    method: 'PUT',
    as: cand,
    json: { content, editedAt: Date.now() },
  });
  expect(saved.status).toBe(200);
  expect(
    (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: cand })).status,
  ).toBe(200);
  return id as string;
}
const report = async (id: string, as: TestUser = rec) => {
  const res = await t.request(`/api/assessments/${id}/similarity`, { as });
  expect(res.status).toBe(200);
  return res.json();
};

describe('similarity check', () => {
  it('compares each submission with the others of its template after submit, off the request', async () => {
    const a = await submitWith(cands[0]!, ORIGINAL);
    // Submitting only queued the check.
    expect(await report(a)).toMatchObject({ status: 'queued', matches: [], flagged: false });
    await t.jobs.similarity.runOnce();
    const b = await submitWith(cands[1]!, COPIED);
    const c = await submitWith(cands[2]!, OWN);
    await t.jobs.similarity.runOnce();

    const copied = await report(b);
    expect(copied).toMatchObject({ status: 'done', threshold: 60, flagged: true });
    expect(copied.matches[0]).toMatchObject({ assessmentId: a, candidateName: 'Ann Original' });
    expect(copied.matches[0].percent).toBeGreaterThanOrEqual(60);
    // The earlier submission learns of the later one too.
    expect((await report(a)).matches[0]).toMatchObject({ assessmentId: b });
    const own = await report(c);
    expect(own.flagged).toBe(false);
    expect(own.matches.every((m: { percent: number }) => m.percent < 20)).toBe(true);

    // Side by side: both files, matching regions on each side.
    const res = await t.request(`/api/assessments/${b}/similarity/${a}`, { as: rec });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.left.files.map((f: { path: string }) => f.path)).toEqual(['auth.service.ts']);
    expect(view.left.regions.length).toBeGreaterThan(0);
    expect(view.right.regions.length).toBeGreaterThan(0);
    expect((await t.request(`/api/assessments/${b}/similarity/${c}-x`, { as: rec })).status).toBe(
      404,
    );

    // Candidates never see it; another recruiter neither; admins do.
    for (const who of [cands[1]!, cands[0]!, rec2]) {
      expect((await t.request(`/api/assessments/${b}/similarity`, { as: who })).status).toBe(403);
      expect((await t.request(`/api/assessments/${b}/similarity/${a}`, { as: who })).status).toBe(
        403,
      );
    }
    expect((await report(b, admin)).flagged).toBe(true);
    expect((await t.request(`/api/assessments/${b}/similarity`)).status).toBe(401);

    // The Results list flags the copy (its best match, at or above the threshold), not the others.
    const list = async (as: TestUser) => {
      const res = await t.request('/api/assessments', { as });
      expect(res.status).toBe(200);
      return (await res.json()) as { id: string; similarityFlag?: number | null }[];
    };
    const flags = new Map((await list(rec)).map((x) => [x.id, x.similarityFlag]));
    expect(flags.get(b)).toBe(copied.matches[0].percent);
    expect(flags.get(c)).toBeNull();
    expect(new Map((await list(admin)).map((x) => [x.id, x.similarityFlag])).get(b)).toBe(
      copied.matches[0].percent,
    );
    // A candidate's own list carries no flag at all.
    expect((await list(cands[1]!)).every((x) => !('similarityFlag' in x))).toBe(true);
  });
});
