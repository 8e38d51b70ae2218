import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { INTERVIEW_TEXTS } from '../../../domain/interviews';
import { interview, interviewSlot, outbox } from '../../db/schema';
import { createJob } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

// Interviewers' clashes (issue 22): a time an interviewer is already booked at is refused
// when proposed, rescheduled to or picked; two overlapping picks at once: one wins.

let t: TestApp;
let rita: TestUser;
let bob: TestUser;
let cleo: TestUser;
let jobId: string;

const setCompany = (as: TestUser, name: string) =>
  t.request('/api/profile', { method: 'PUT', as, json: { name: as.name, company: { name } } });
const json = (method: string, path: string, as: TestUser | null, body?: unknown) =>
  t.request(path, { method, as, json: body });

beforeAll(async () => {
  t = await createTestApp();
  rita = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  bob = await t.signUp({ accountType: 'recruiter', name: 'Bob Interviewer' });
  cleo = await t.signUp({ accountType: 'recruiter', name: 'Cleo Elsewhere' });
  expect((await setCompany(rita, 'Northwind')).status).toBe(200);
  expect((await setCompany(bob, 'Northwind')).status).toBe(200);
  expect((await setCompany(cleo, 'Contoso')).status).toBe(200);
  jobId = (await createJob(t, rita, { title: 'Platform Engineer' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
/** A slot `days` ahead at `time` in Berlin, 60 minutes. */
const slot = (days: number, time: string, durationMinutes = 60) => ({
  date: toIsoDate(new Date(Date.now() + days * DAY)),
  time,
  durationMinutes,
  timeZone: 'Europe/Berlin',
  location: 'https://meet.example.test/abc',
});

let candidates = 0;
/** A new candidate's application at the Interview stage. */
async function application() {
  const cand = await t.signUp({ accountType: 'candidate', name: `Candidate ${++candidates}` });
  const form = new FormData();
  form.set('coverLetter', 'Hello');
  const res = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: cand,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const moved = await json('POST', `/api/jobs/${jobId}/applications/move`, rita, {
    applicationIds: [id],
    stage: 'interview',
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
  return { cand, id };
}

interface Body {
  id: string;
  status: string;
  slots: { id: string; startsAt: string; status: string }[];
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
}
const propose = (applicationId: string, slots: unknown[], interviewerIds: string[]) =>
  json('POST', `/api/applications/${applicationId}/interviews`, rita, { slots, interviewerIds });
async function proposed(slots: unknown[], interviewerIds = [bob.id]) {
  const app = await application();
  const res = await propose(app.id, slots, interviewerIds);
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...app, interview: (await res.json()) as Body };
}
const pick = (as: TestUser, id: string, slotId: string) =>
  json('POST', `/api/interviews/${id}/pick`, as, { slotId });
async function scheduled(days: number, time: string, interviewerIds = [bob.id]) {
  const p = await proposed([slot(days, time)], interviewerIds);
  const res = await pick(p.cand, p.interview.id, p.interview.slots[0]!.id);
  expect(res.status, await res.clone().text()).toBe(200);
  return p;
}
const state = async (id: string) => {
  const [row] = await t.database.db.select().from(interview).where(eq(interview.id, id));
  const slots = await t.database.db
    .select()
    .from(interviewSlot)
    .where(eq(interviewSlot.interviewId, id));
  return { status: row?.status, startsAt: row?.startsAt?.toISOString(), slots };
};

describe('an interviewer already booked', () => {
  it('refuses a proposed time that overlaps, naming the interviewer and the time', async () => {
    await scheduled(5, '10:00');
    const app = await application();
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    // 10:30–11:00 overlaps Bob's 10:00–11:00; the first time (09:00) is free.
    const res = await propose(
      app.id,
      [slot(5, '09:00', 60), slot(5, '10:30', 30)],
      [rita.id, bob.id],
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as Body;
    const date = toIsoDate(new Date(Date.now() + 5 * DAY));
    expect(body.message).toBe(
      `Bob Interviewer already has an interview at ${date} 10:00–11:00 (Europe/Berlin)`,
    );
    expect(body.issues?.[0]?.path).toEqual(['slots', 1, 'time']);
    // Nothing saved, nothing mailed.
    const mine = await json('GET', `/api/applications/${app.id}/interviews`, rita);
    expect(await mine.json()).toEqual([]);
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
    // Back to back is fine (11:00 starts as Bob's ends), and other interviewers are free then.
    const ok = await propose(app.id, [slot(5, '11:00', 30)], [bob.id]);
    expect(ok.status, await ok.clone().text()).toBe(201);
    const other = await application();
    const free = await propose(other.id, [slot(5, '10:00')], [rita.id]);
    expect(free.status, await free.clone().text()).toBe(201);
  });

  it('shows the time in the zone the recruiter entered', async () => {
    await scheduled(6, '15:00');
    const app = await application();
    const res = await propose(
      app.id,
      [{ ...slot(6, '09:30', 30), timeZone: 'America/New_York' }],
      [bob.id],
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).message).toMatch(
      /^Bob Interviewer already has an interview at \d{4}-\d\d-\d\d 09:00–10:00 \(America\/New_York\)$/,
    );
  });

  it('does not count a cancelled interview or a mere proposal', async () => {
    const booked = await scheduled(7, '10:00');
    await proposed([slot(7, '14:00')]);
    const app = await application();
    const busy = await propose(app.id, [slot(7, '14:00')], [bob.id]);
    expect(busy.status, await busy.clone().text()).toBe(201);
    const cancelled = await json('POST', `/api/interviews/${booked.interview.id}/cancel`, rita, {
      reason: '',
    });
    expect(cancelled.status).toBe(200);
    const again = await application();
    const res = await propose(again.id, [slot(7, '10:00')], [bob.id]);
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('refuses a reschedule onto another of the interviewer’s interviews', async () => {
    await scheduled(8, '10:00');
    const moving = await scheduled(8, '13:00');
    const before = await state(moving.interview.id);
    const res = await json(
      'POST',
      `/api/interviews/${moving.interview.id}/reschedule`,
      rita,
      slot(8, '10:45', 30),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as Body).message).toMatch(
      /^Bob Interviewer already has an interview at /,
    );
    expect(await state(moving.interview.id)).toEqual(before);
    // Moving within its own time is not a clash with itself.
    const own = await json(
      'POST',
      `/api/interviews/${moving.interview.id}/reschedule`,
      rita,
      slot(8, '13:30'),
    );
    expect(own.status, await own.clone().text()).toBe(200);
  });

  it('refuses a pick when the interviewer was booked since, offering the other free times', async () => {
    // Both proposals are made while Bob is free at 10:00.
    const first = await proposed([slot(9, '10:00'), slot(9, '16:00')]);
    const second = await proposed([slot(9, '10:30'), slot(9, '12:00'), slot(9, '16:30')]);
    const won = await pick(first.cand, first.interview.id, first.interview.slots[0]!.id);
    expect(won.status).toBe(200);
    const before = await state(second.interview.id);
    const res = await pick(second.cand, second.interview.id, second.interview.slots[0]!.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as Body;
    expect(body.message).toBe(INTERVIEW_TEXTS.slotTaken);
    // 12:00 is free; 16:30 is free too (Bob's 16:00 was not picked).
    expect(body.slots.map((s) => s.id)).toEqual([
      second.interview.slots[1]!.id,
      second.interview.slots[2]!.id,
    ]);
    expect(await state(second.interview.id)).toEqual(before);
    const other = await pick(second.cand, second.interview.id, second.interview.slots[1]!.id);
    expect(other.status, await other.clone().text()).toBe(200);
  });

  it('says when no other time is left', async () => {
    const first = await proposed([slot(10, '10:00')]);
    const second = await proposed([slot(10, '10:15', 30)]);
    expect((await pick(first.cand, first.interview.id, first.interview.slots[0]!.id)).status).toBe(
      200,
    );
    const res = await pick(second.cand, second.interview.id, second.interview.slots[0]!.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as Body;
    expect(body.message).toBe(INTERVIEW_TEXTS.slotTakenNoOther);
    expect(body.slots).toEqual([]);
  });

  it('lets one of two overlapping picks at the same moment win, the other is told', async () => {
    for (let round = 0; round < 4; round++) {
      const day = 12 + round;
      const a = await proposed([slot(day, '10:00')], [rita.id, bob.id]);
      const b = await proposed([slot(day, '10:30')], [bob.id, rita.id]);
      const answers = await Promise.all([
        pick(a.cand, a.interview.id, a.interview.slots[0]!.id),
        pick(b.cand, b.interview.id, b.interview.slots[0]!.id),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(((await loser.json()) as Body).message).toBe(INTERVIEW_TEXTS.slotTakenNoOther);
      const states = [await state(a.interview.id), await state(b.interview.id)];
      expect(states.map((s) => s.status).sort()).toEqual(['proposed', 'scheduled']);
    }
  });
});

describe('the candidate already booked', () => {
  /** Cleo's job (another company, another interviewer) that the same candidate applied to. */
  let otherJobId: string;
  beforeAll(async () => {
    otherJobId = (
      await createJob(t, cleo, {
        title: 'Data Analyst',
        locations: ['Paris'],
        description: 'Count things.',
      })
    ).id;
  });
  /** The candidate's application to Cleo's job, at the Interview stage, with times proposed. */
  async function alsoAtCleo(cand: TestUser, slots: unknown[]) {
    const form = new FormData();
    form.set('coverLetter', 'Hello');
    const applied = await t.request(`/api/jobs/${otherJobId}/applications`, {
      method: 'POST',
      as: cand,
      body: form,
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const appId = ((await applied.json()) as { id: string }).id;
    const moved = await json('POST', `/api/jobs/${otherJobId}/applications/move`, cleo, {
      applicationIds: [appId],
      stage: 'interview',
    });
    expect(moved.status).toBe(200);
    const res = await json('POST', `/api/applications/${appId}/interviews`, cleo, {
      slots,
      interviewerIds: [cleo.id],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Body;
  }

  it('refuses a pick that overlaps another of their own interviews, for another job', async () => {
    const first = await proposed([slot(40, '10:00'), slot(40, '15:00')]);
    const other = await alsoAtCleo(first.cand, [slot(40, '10:30', 30), slot(40, '16:00')]);
    expect((await pick(first.cand, first.interview.id, first.interview.slots[0]!.id)).status).toBe(
      200,
    );
    const before = await state(other.id);
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    const res = await pick(first.cand, other.id, other.slots[0]!.id);
    expect(res.status).toBe(409);
    const date = toIsoDate(new Date(Date.now() + 40 * DAY));
    expect(((await res.json()) as Body).message).toBe(
      `You already have an interview for Platform Engineer at ${date} 10:00–11:00 (Europe/Berlin)`,
    );
    // Nothing changed, nothing mailed; a time that does not overlap is taken.
    expect(await state(other.id)).toEqual(before);
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
    const ok = await pick(first.cand, other.id, other.slots[1]!.id);
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it('lets one of two overlapping picks by the same candidate at once win', async () => {
    for (let round = 0; round < 4; round++) {
      const day = 42 + round;
      const a = await proposed([slot(day, '10:00')]);
      const b = await alsoAtCleo(a.cand, [slot(day, '10:30')]);
      const answers = await Promise.all([
        pick(a.cand, a.interview.id, a.interview.slots[0]!.id),
        pick(a.cand, b.id, b.slots[0]!.id),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(((await loser.json()) as Body).message).toMatch(/^You already have an interview for /);
      const states = [await state(a.interview.id), await state(b.id)];
      expect(states.map((s) => s.status).sort()).toEqual(['proposed', 'scheduled']);
    }
  });
});

describe('busy times for the propose form', () => {
  it('lists colleagues’ scheduled interviews in a range, without saying whose they are', async () => {
    const booked = await scheduled(20, '10:00');
    const from = new Date(Date.now() + 19 * DAY).toISOString();
    const to = new Date(Date.now() + 21 * DAY).toISOString();
    const res = await json(
      'GET',
      `/api/interviews/busy?userIds=${bob.id},${cleo.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      rita,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const list = (await res.json()) as Record<string, unknown>[];
    const { startsAt } = await state(booked.interview.id);
    expect(list).toEqual([
      { userId: bob.id, name: 'Bob Interviewer', startsAt, durationMinutes: 60 },
    ]);
    // Cleo (another company) is left out; candidates may not ask; nor a span over 62 days.
    const cleos = await json(
      'GET',
      `/api/interviews/busy?userIds=${bob.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      cleo,
    );
    expect(await cleos.json()).toEqual([]);
    const far = new Date(Date.now() + 90 * DAY).toISOString();
    const tooLong = await json(
      'GET',
      `/api/interviews/busy?userIds=${bob.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(far)}`,
      rita,
    );
    expect(tooLong.status).toBe(400);
    const cand = await json(
      'GET',
      `/api/interviews/busy?userIds=${bob.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      booked.cand,
    );
    expect(cand.status).toBe(403);
  });
});
