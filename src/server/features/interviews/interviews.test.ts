import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { INTERVIEW_TEXTS, utcToZonedTime } from '../../../domain/interviews';
import { interview, interviewScorecard, interviewSlot, outbox } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { Mailer } from '../../mail/outbox';
import type { BusMessage } from '../../realtime/event-bus';
import { createJob } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { InterviewReminders } from './reminders';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let recC: TestUser;
let candA: TestUser;
let candB: TestUser;
let jobId: string;
const events: BusMessage[] = [];

const setCompany = (as: TestUser, name: string) =>
  t.request('/api/profile', { method: 'PUT', as, json: { name: as.name, company: { name } } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Bob Interviewer' });
  recC = await t.signUp({ accountType: 'recruiter', name: 'Cleo Elsewhere' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Bea Candidate' });
  expect((await setCompany(recA, 'Northwind')).status).toBe(200);
  expect((await setCompany(recB, ' northwind ')).status).toBe(200);
  expect((await setCompany(recC, 'Contoso')).status).toBe(200);
  jobId = (await createJob(t, recA, { title: 'Platform Engineer' })).id;
  t.bus.subscribe((m) => events.push(m));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// --- helpers ----------------------------------------------------------------------------------

const DAY = 86_400_000;
/** A slot `days` ahead at `time` on the clocks of `timeZone`. */
const slot = (days: number, time = '10:00', over: Record<string, unknown> = {}) => ({
  date: toIsoDate(new Date(Date.now() + days * DAY)),
  time,
  durationMinutes: 45,
  timeZone: 'Europe/Berlin',
  location: 'https://meet.example.test/abc',
  ...over,
});
const json = (method: string, path: string, as: TestUser | null, body?: unknown) =>
  t.request(path, { method, as, json: body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

async function applyAt(cand: TestUser, stage = 'interview') {
  const form = new FormData();
  form.set('coverLetter', 'Hello');
  const res = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: cand,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const moved = await json('POST', `/api/jobs/${jobId}/applications/move`, recA, {
    applicationIds: [id],
    stage,
  });
  expect(moved.status, await moved.clone().text()).toBe(200);
  return id;
}

interface InterviewBody {
  id: string;
  status: string;
  sequence: number;
  slots: { id: string; startsAt: string; status: string }[];
  scheduled: { startsAt: string } | null;
  scorecards: { interviewerId: string; notes: string }[];
}
const propose = (applicationId: string, body: unknown, as: TestUser | null = recA) =>
  json('POST', `/api/applications/${applicationId}/interviews`, as, body);
async function proposeOk(applicationId: string, slots = [slot(3), slot(4)]) {
  const res = await propose(applicationId, { slots, interviewerIds: [recA.id, recB.id] });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as InterviewBody;
}
const pick = (id: string, slotId: string, as: TestUser = candA) =>
  json('POST', `/api/interviews/${id}/pick`, as, { slotId });

const interviewCount = async () => (await t.database.db.select().from(interview)).length;
const slotCount = async () => (await t.database.db.select().from(interviewSlot)).length;
const calendarMailsTo = async (email: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, email.toLowerCase()))).filter(
    (m) => m.calendar,
  );

/** The .ics parsed back with ical.js, as a calendar app reads it. */
function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vevent = cal.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    utc: event.startDate.zone?.tzid === 'UTC',
    minutes: event.duration.toSeconds() / 60,
    status: vevent.getFirstPropertyValue('status'),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
  };
}

// --- proposing --------------------------------------------------------------------------------

describe('proposing interview times', () => {
  it('refuses bad times with a 400 and saves nothing', async () => {
    const app = await applyAt(candB);
    const before = [await interviewCount(), await slotCount()];
    const yesterday = slot(-1);
    const cases: [unknown, string][] = [
      [{ slots: [yesterday], interviewerIds: [recA.id] }, INTERVIEW_TEXTS.slotInPast],
      [{ slots: [slot(3), slot(-2)], interviewerIds: [recA.id] }, INTERVIEW_TEXTS.slotInPast],
      [
        { slots: [slot(3, '10:00'), slot(3, '10:30')], interviewerIds: [recA.id] },
        INTERVIEW_TEXTS.slotsOverlap,
      ],
      [
        { slots: [slot(3, '10:00', { timeZone: 'Mars/Olympus_Mons' })], interviewerIds: [recA.id] },
        INTERVIEW_TEXTS.unknownTimeZone,
      ],
      [
        { slots: [slot(3, '10:00', { timeZone: 'not a zone' })], interviewerIds: [recA.id] },
        INTERVIEW_TEXTS.unknownTimeZone,
      ],
      [{ slots: [], interviewerIds: [recA.id] }, 'Propose at least one time'],
      [
        { slots: [1, 2, 3, 4, 5, 6].map((d) => slot(d)), interviewerIds: [recA.id] },
        'At most 5 times',
      ],
      [{ slots: [slot(3, '25:00')], interviewerIds: [recA.id] }, INTERVIEW_TEXTS.badTime],
      [{ slots: [slot(3, '10:00', { durationMinutes: 5 })], interviewerIds: [recA.id] }, '15'],
      [{ slots: [slot(3)], interviewerIds: [] }, 'Choose at least one interviewer'],
      [{ slots: [slot(3)], interviewerIds: [recC.id] }, INTERVIEW_TEXTS.interviewerNotColleague],
      [{ slots: [slot(3)], interviewerIds: [candA.id] }, INTERVIEW_TEXTS.interviewerNotColleague],
      [{ slots: [slot(3, '10:00', { location: '  ' })], interviewerIds: [recA.id] }, 'video link'],
    ];
    for (const [body, message] of cases) {
      const res = await propose(app, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res), JSON.stringify(body)).toContain(message);
    }
    expect([await interviewCount(), await slotCount()]).toEqual(before);
  });

  it('refuses a time the clocks skip (a daylight-saving gap)', async () => {
    const app = await applyAt(await t.signUp({ accountType: 'candidate', name: 'Gap' }));
    // Europe/Berlin skips 02:00–03:00 on the last Sunday of March.
    const year = new Date().getUTCFullYear() + 1;
    const lastSunday = new Date(Date.UTC(year, 2, 31));
    lastSunday.setUTCDate(31 - lastSunday.getUTCDay());
    const res = await propose(app, {
      slots: [slot(0, '02:30', { date: toIsoDate(lastSunday) })],
      interviewerIds: [recA.id],
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(INTERVIEW_TEXTS.notOnClock);
  });

  it('lets only the job’s recruiter propose, and only at the Interview stage', async () => {
    const early = await applyAt(
      await t.signUp({ accountType: 'candidate', name: 'Early' }),
      'screening',
    );
    const body = { slots: [slot(3)], interviewerIds: [recA.id] };
    const notYet = await propose(early, body);
    expect(notYet.status).toBe(409);
    expect(await messageOf(notYet)).toBe(INTERVIEW_TEXTS.notInterviewStage);
    const app = await applyAt(await t.signUp({ accountType: 'candidate', name: 'Other' }));
    expect((await propose(app, body, recB)).status).toBe(403);
    expect((await propose(app, body, recC)).status).toBe(403);
    expect((await propose(app, body, admin)).status).toBe(403);
    expect((await propose(app, body, candA)).status).toBe(403);
    expect((await propose(app, body, null)).status).toBe(401);
    expect((await propose('nope', body)).status).toBe(404);
    expect((await propose(app, body)).status).toBe(201);
    const twice = await propose(app, body);
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe(INTERVIEW_TEXTS.alreadyOpen);
  });

  it('lists the recruiter’s company colleagues as possible interviewers', async () => {
    const res = await json('GET', '/api/interviews/colleagues', recA);
    const ids = ((await res.json()) as { id: string }[]).map((c) => c.id);
    expect(ids.sort()).toEqual([recA.id, recB.id].sort());
    expect((await json('GET', '/api/interviews/colleagues', candA)).status).toBe(403);
  });
});

// --- the whole life of one interview ----------------------------------------------------------

describe('an interview from proposal to scorecard', () => {
  let appId: string;
  let iv: InterviewBody;
  let uid: string;

  it('mails the candidate the proposed times and shows them on My Applications', async () => {
    appId = await applyAt(candA);
    iv = await proposeOk(appId);
    expect(iv.status).toBe('proposed');
    expect(iv.slots).toHaveLength(2);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, candA.email.toLowerCase())));
    expect(mail).toBeDefined();
    const proposals = (
      await t.database.db.select().from(outbox).where(eq(outbox.to, candA.email.toLowerCase()))
    ).filter((m) => m.subject.startsWith('Pick a time'));
    expect(proposals).toHaveLength(1);
    expect(proposals[0]?.calendar).toBeNull();
    const mine = (await (await json('GET', '/api/interviews/mine', candA)).json()) as {
      id: string;
      slots: unknown[];
    }[];
    expect(mine.map((m) => m.id)).toEqual([iv.id]);
    expect(mine[0]?.slots).toHaveLength(2);
    // Another candidate sees none of it and cannot pick it.
    expect(await (await json('GET', '/api/interviews/mine', candB)).json()).not.toContainEqual(
      expect.objectContaining({ id: iv.id }),
    );
    expect((await pick(iv.id, iv.slots[0]!.id, candB)).status).toBe(404);
    expect((await json('GET', '/api/interviews/mine', recA)).status).toBe(403);
  });

  it('refuses a withdrawn time, then schedules the picked one and sends invitations', async () => {
    const [first, second] = iv.slots;
    expect(
      (await json('POST', `/api/interviews/${iv.id}/slots/${first!.id}/withdraw`, recB)).status,
    ).toBe(403);
    const withdrawn = await json(
      'POST',
      `/api/interviews/${iv.id}/slots/${first!.id}/withdraw`,
      recA,
    );
    expect(withdrawn.status).toBe(200);
    const last = await json('POST', `/api/interviews/${iv.id}/slots/${second!.id}/withdraw`, recA);
    expect(last.status).toBe(409);
    expect(await messageOf(last)).toBe(INTERVIEW_TEXTS.lastSlot);

    const late = await pick(iv.id, first!.id);
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe(INTERVIEW_TEXTS.slotWithdrawn);
    expect((await pick(iv.id, 'unknown-slot')).status).toBe(404);
    expect(await calendarMailsTo(candA.email)).toHaveLength(0);

    events.length = 0;
    const picked = await pick(iv.id, second!.id);
    expect(picked.status, await picked.clone().text()).toBe(200);
    const body = (await picked.json()) as { status: string; scheduled: { startsAt: string } };
    expect(body.status).toBe('scheduled');
    expect(body.scheduled.startsAt).toBe(second!.startsAt);
    // On PostgreSQL the bus is LISTEN/NOTIFY: the event arrives after the answer.
    await expect
      .poll(() =>
        events.some(
          (e) => e.event.type === 'interview.changed' && e.audience.userIds?.includes(recA.id),
        ),
      )
      .toBe(true);

    const twice = await pick(iv.id, second!.id);
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe(INTERVIEW_TEXTS.alreadyPicked);

    // The candidate, the recruiter and the other interviewer each get one invitation.
    for (const who of [candA, recA, recB]) {
      const mails = await calendarMailsTo(who.email);
      expect(mails, who.name).toHaveLength(1);
      expect(mails[0]?.calendar?.method).toBe('REQUEST');
      const ics = parseIcs(mails[0]!.calendar!.content);
      expect(ics).toMatchObject({ method: 'REQUEST', sequence: 0, utc: true, minutes: 45 });
      expect(ics.start).toBe(second!.startsAt);
      expect(ics.uid).toBe(`interview-${iv.id}@localhost`);
      expect(ics.attendees.map((a) => a.toLowerCase())).toContain(
        `mailto:${candA.email.toLowerCase()}`,
      );
      uid = ics.uid;
    }
  });

  it('reschedules with SEQUENCE+1 under the same UID, and the candidate hears of it', async () => {
    const past = await json('POST', `/api/interviews/${iv.id}/reschedule`, recA, slot(-1));
    expect(past.status).toBe(400);
    expect((await json('POST', `/api/interviews/${iv.id}/reschedule`, recB, slot(6))).status).toBe(
      403,
    );
    expect((await json('POST', `/api/interviews/${iv.id}/reschedule`, candA, slot(6))).status).toBe(
      404,
    );
    const badZone = await json(
      'POST',
      `/api/interviews/${iv.id}/reschedule`,
      recA,
      slot(6, '09:00', { timeZone: 'Nowhere/Town' }),
    );
    expect(badZone.status).toBe(400);
    expect(await calendarMailsTo(candA.email)).toHaveLength(1);

    events.length = 0;
    const next = slot(6, '16:15', { timeZone: 'America/New_York', durationMinutes: 60 });
    const res = await json('POST', `/api/interviews/${iv.id}/reschedule`, recA, next);
    expect(res.status, await res.clone().text()).toBe(200);
    const moved = (await res.json()) as InterviewBody;
    expect(moved.sequence).toBe(1);
    expect(utcToZonedTime(moved.scheduled!.startsAt, 'America/New_York')).toEqual({
      date: next.date,
      time: '16:15',
    });
    await expect
      .poll(() =>
        events.some(
          (e) => e.event.type === 'interview.changed' && e.audience.userIds?.includes(candA.id),
        ),
      )
      .toBe(true);
    const mails = await calendarMailsTo(candA.email);
    expect(mails).toHaveLength(2);
    const ics = parseIcs(
      mails.find((m) => m.subject.startsWith('Interview moved'))!.calendar!.content,
    );
    expect(ics).toMatchObject({ method: 'REQUEST', sequence: 1, uid, minutes: 60 });
    expect(ics.start).toBe(moved.scheduled!.startsAt);
  });

  it('takes scorecards from interviewers only, after the interview began, on the job’s criteria', async () => {
    const card = {
      ratings: [
        { criterion: 'Coding', rating: 4 },
        { criterion: 'Communication', rating: 3 },
      ],
      recommendation: 'strong-yes',
      notes: 'Secret hiring-team note',
    };
    const put = (as: TestUser, body: unknown = card) =>
      json('PUT', `/api/interviews/${iv.id}/scorecard`, as, body);
    const early = await put(recB);
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(INTERVIEW_TEXTS.notYetHeld);

    expect(
      (await json('PUT', `/api/jobs/${jobId}/scorecard-criteria`, recB, { criteria: ['X'] }))
        .status,
    ).toBe(403);
    expect(
      (await json('PUT', `/api/jobs/${jobId}/scorecard-criteria`, recA, { criteria: ['A', 'a'] }))
        .status,
    ).toBe(400);
    const criteria = await json('PUT', `/api/jobs/${jobId}/scorecard-criteria`, recA, {
      criteria: ['Coding', 'Communication'],
    });
    expect(criteria.status).toBe(200);

    // The interview has begun.
    await t.database.db
      .update(interview)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(interview.id, iv.id));
    const stored = async () =>
      (
        await t.database.db
          .select()
          .from(interviewScorecard)
          .where(eq(interviewScorecard.interviewId, iv.id))
      ).length;
    expect((await put(recC)).status).toBe(403);
    expect((await put(candA)).status).toBe(403);
    expect((await put(candB)).status).toBe(404);
    expect((await put(admin)).status).toBe(403);
    for (const ratings of [
      [{ criterion: 'Coding', rating: 4 }],
      [...card.ratings, { criterion: 'Extra', rating: 2 }],
      [
        { criterion: 'Coding', rating: 4 },
        { criterion: 'Coding', rating: 3 },
      ],
    ]) {
      const res = await put(recB, { ...card, ratings });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(INTERVIEW_TEXTS.ratingsMismatch);
    }
    const zero = await put(recB, {
      ...card,
      ratings: [{ criterion: 'Coding', rating: 5 }, card.ratings[1]],
    });
    expect(zero.status).toBe(400);
    expect(await stored()).toBe(0);

    expect((await put(recB)).status).toBe(200);
    expect((await put(recA, { ...card, recommendation: 'yes', notes: 'Owner note' })).status).toBe(
      200,
    );
    expect((await put(recB, { ...card, recommendation: 'yes' })).status).toBe(200);
    expect(await stored()).toBe(2);

    // The job's recruiter sees every scorecard on the application.
    const list = (await (
      await json('GET', `/api/applications/${appId}/interviews`, recA)
    ).json()) as InterviewBody[];
    expect(list[0]?.scorecards).toHaveLength(2);
    expect((await json('GET', `/api/applications/${appId}/interviews`, recB)).status).toBe(403);
    expect((await json('GET', `/api/applications/${appId}/interviews`, candA)).status).toBe(403);
    // An interviewer who is not the job's recruiter sees only their own.
    const team = (await (
      await json('GET', '/api/interviews/team', recB)
    ).json()) as InterviewBody[];
    const mineThere = team.find((i) => i.id === iv.id)!;
    expect(mineThere.scorecards.map((s) => s.interviewerId)).toEqual([recB.id]);

    // The candidate's answers never carry a scorecard.
    for (const path of ['/api/interviews/mine', '/api/applications/mine']) {
      const text = await (await json('GET', path, candA)).text();
      expect(text).not.toContain('Secret hiring-team note');
      expect(text).not.toContain('Owner note');
      expect(text).not.toContain('recommendation');
      expect(text).not.toContain('scorecards');
      expect(text).not.toContain('Coding');
    }
  });

  it('cancels with METHOD:CANCEL and SEQUENCE+1; the times can no longer be picked', async () => {
    await t.database.db
      .update(interview)
      .set({ startsAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(interview.id, iv.id));
    expect((await json('POST', `/api/interviews/${iv.id}/cancel`, recB, {})).status).toBe(403);
    const res = await json('POST', `/api/interviews/${iv.id}/cancel`, recA, {
      reason: 'Role filled',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mails = await calendarMailsTo(candA.email);
    const cancel = mails.find((m) => m.calendar?.method === 'CANCEL');
    const ics = parseIcs(cancel!.calendar!.content);
    expect(ics).toMatchObject({ method: 'CANCEL', sequence: 2, uid, status: 'CANCELLED' });
    expect((await json('POST', `/api/interviews/${iv.id}/cancel`, recA, {})).status).toBe(409);
    const again = await pick(iv.id, iv.slots[1]!.id);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(INTERVIEW_TEXTS.cancelled);
    expect((await json('POST', `/api/interviews/${iv.id}/reschedule`, recA, slot(8))).status).toBe(
      409,
    );
    // A new interview can be proposed once the old one is cancelled.
    expect((await propose(appId, { slots: [slot(9)], interviewerIds: [recA.id] })).status).toBe(
      201,
    );
  });

  it('a cancelled proposal withdraws every time', async () => {
    const app = await applyAt(await t.signUp({ accountType: 'candidate', name: 'Withdrawn' }));
    const p = await proposeOk(app);
    expect((await json('POST', `/api/interviews/${p.id}/cancel`, recA, {})).status).toBe(200);
    const slots = await t.database.db
      .select()
      .from(interviewSlot)
      .where(eq(interviewSlot.interviewId, p.id));
    expect(slots.map((s) => s.status)).toEqual(['withdrawn', 'withdrawn']);
  });
});

describe('an application leaving the process', () => {
  it('cancels its scheduled interview when the candidate withdraws or is rejected', async () => {
    for (const how of ['withdraw', 'reject'] as const) {
      const cand = await t.signUp({ accountType: 'candidate', name: `Leaving ${how}` });
      const app = await applyAt(cand);
      const p = await proposeOk(app, [slot(5)]);
      expect((await pick(p.id, p.slots[0]!.id, cand)).status).toBe(200);
      events.length = 0;
      const res =
        how === 'withdraw'
          ? await json('POST', `/api/applications/${app}/withdraw`, cand)
          : await json('POST', `/api/jobs/${jobId}/applications/move`, recA, {
              applicationIds: [app],
              stage: 'rejected',
              reason: 'Another candidate',
            });
      expect(res.status, await res.clone().text()).toBe(200);
      const [row] = await t.database.db.select().from(interview).where(eq(interview.id, p.id));
      expect(row).toMatchObject({ status: 'cancelled', sequence: 1 });
      const cancel = (await calendarMailsTo(recB.email)).find(
        (m) => m.calendar?.method === 'CANCEL' && m.subject.includes(`Leaving ${how}`),
      );
      expect(parseIcs(cancel!.calendar!.content)).toMatchObject({
        method: 'CANCEL',
        sequence: 1,
        uid: `interview-${p.id}@localhost`,
      });
      await expect.poll(() => events.some((e) => e.event.type === 'interview.changed')).toBe(true);
    }
  });
});

// --- pipeline and dashboards ------------------------------------------------------------------

describe('reading interviews', () => {
  it('lists a job’s interviews for its recruiter and admins only', async () => {
    expect((await json('GET', `/api/jobs/${jobId}/interviews`, recA)).status).toBe(200);
    expect((await json('GET', `/api/jobs/${jobId}/interviews`, admin)).status).toBe(200);
    expect((await json('GET', `/api/jobs/${jobId}/interviews`, recB)).status).toBe(403);
    expect((await json('GET', `/api/jobs/${jobId}/interviews`, candA)).status).toBe(403);
    expect((await json('GET', `/api/jobs/${jobId}/scorecard-criteria`, candA)).status).toBe(403);
    expect((await json('GET', '/api/interviews/team', candA)).status).toBe(403);
  });
});

// --- the reminder ------------------------------------------------------------------------------

describe('the reminder a day before', () => {
  it('mails every participant once, also across a restart, and again after a reschedule', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Remy Reminded' });
    const app = await applyAt(cand);
    const p = await proposeOk(app, [slot(2)]);
    expect((await pick(p.id, p.slots[0]!.id, cand)).status).toBe(200);
    const reminders = async () =>
      (await t.database.db.select().from(outbox)).filter(
        (m) => m.subject.startsWith('Reminder: interview') && m.text.includes('Remy Reminded'),
      );
    const logger = createLogger('silent');
    const deps = {
      db: t.database.db,
      bus: t.bus,
      mailer: t.mailer,
      appUrl: 'http://localhost:3000',
    };
    const starts = new Date(p.slots[0]!.startsAt).getTime();

    expect(
      await new InterviewReminders(deps, logger).runOnce(new Date(starts - 30 * 3_600_000)),
    ).toBe(0);
    const at = new Date(starts - 20 * 3_600_000);
    expect(await t.interviewReminders.runOnce(at)).toBe(1);
    expect((await reminders()).map((m) => m.to).sort()).toEqual(
      [cand.email, recA.email, recB.email].map((e) => e.toLowerCase()).sort(),
    );
    expect(await t.interviewReminders.runOnce(at)).toBe(0);
    // A restarted server (a new worker) does not send it again; two at once send it once.
    const [a, b] = await Promise.all([
      new InterviewReminders(deps, logger).runOnce(at),
      new InterviewReminders(deps, logger).runOnce(at),
    ]);
    expect(a + b).toBe(0);
    expect(await reminders()).toHaveLength(3);

    // Moved to a new time: one more reminder before that one.
    const next = slot(3, '11:00');
    expect((await json('POST', `/api/interviews/${p.id}/reschedule`, recA, next)).status).toBe(200);
    const [row] = await t.database.db.select().from(interview).where(eq(interview.id, p.id));
    expect(row?.reminderSentAt).toBeNull();
    expect(await t.interviewReminders.runOnce(new Date(row!.startsAt!.getTime() - 3_600_000))).toBe(
      1,
    );
    expect(await reminders()).toHaveLength(6);
  });
});

// --- delivery -----------------------------------------------------------------------------------

describe('delivering an invitation', () => {
  it('sends the .ics as text/calendar; method=REQUEST that calendar apps read', async () => {
    // An invitation (not the cancellation the earlier tests also sent: rows come in no set order).
    const mail = (await calendarMailsTo(recB.email)).find((m) => m.calendar?.method === 'REQUEST');
    expect(mail).toBeDefined();
    const smtp = await startSmtpCatcher();
    const mailer = new Mailer({
      db: t.database.db,
      logger: createLogger('silent'),
      smtpUrl: smtp.url,
      from: 'App <app@example.test>',
    });
    // Deliver just this one: the rest of the outbox waits.
    await t.database.db.update(outbox).set({ nextAttemptAt: new Date(Date.now() + DAY) });
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0), status: 'pending' })
      .where(eq(outbox.id, mail!.id));
    expect(await mailer.deliverDue()).toBe(1);
    const raw = smtp.mails[0]!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(raw).toMatch(/filename=invite\.ics/);
    await mailer.stop();
    await smtp.close();
  });
});
