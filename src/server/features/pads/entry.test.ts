import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateInterview, Interview } from '../../../domain/interviews';
import type { ApplicationPad, InterviewPadLink, Pad } from '../../../domain/pads';
import { outbox } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { castOfAnInterview, type PadCast } from './pads-fixture';

/** The ways into a pad: the interview's stable link, the interview lists, an application's pads. */

let t: TestApp;
let c: PadCast;
const events: BusMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  c = await castOfAnInterview(t);
  t.bus.subscribe((m) => events.push(m));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (as: TestUser | null, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(path, { as, ...init });
const read = async <T>(as: TestUser | null, path: string) => {
  const res = await call(as, path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const mailsTo = async (who: TestUser) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, who.email.toLowerCase()));

describe('the interview’s stable pad link', () => {
  let padId: string;

  it('is in the invitation each participant gets, before any pad exists', async () => {
    const mine = await read<CandidateInterview[]>(c.candidate, '/api/interviews/mine');
    const slot = mine[0]!.slots[0]!;
    expect(
      (
        await call(c.candidate, `/api/interviews/${c.interviewId}/pick`, {
          method: 'POST',
          json: { slotId: slot.id },
        })
      ).status,
    ).toBe(200);
    const link = `/interviews/${c.interviewId}/pad`;
    for (const who of [c.candidate, c.interviewer]) {
      const invitation = (await mailsTo(who)).find((m) => m.calendar);
      expect(invitation?.text, who.name).toContain(link);
    }
  });

  it('answers no pad until one is started, then the pad, to the interview’s people only', async () => {
    const path = `/api/interviews/${c.interviewId}/pad`;
    expect(await read<InterviewPadLink>(c.candidate, path)).toEqual({
      interviewId: c.interviewId,
      pad: null,
    });
    const started = await call(c.interviewer, '/api/pads', {
      method: 'POST',
      json: { interviewId: c.interviewId, language: 'python' },
    });
    padId = ((await started.json()) as Pad).id;
    // The candidate's dashboard hears of it (Join pad shows without a reload).
    await expect
      .poll(() =>
        events.some(
          (e) =>
            e.event.type === 'interview.changed' &&
            e.event.interviewId === c.interviewId &&
            e.audience.userIds?.includes(c.candidate.id),
        ),
      )
      .toBe(true);
    for (const who of [c.candidate, c.interviewer, c.recruiter, c.admin]) {
      expect((await read<InterviewPadLink>(who, path)).pad, who.name).toEqual({
        id: padId,
        status: 'open',
      });
    }
    expect((await call(c.otherCandidate, path)).status).toBe(404);
    expect((await call(c.otherCompany, path)).status).toBe(403);
    expect((await call(null, path)).status).toBe(401);
  });

  it('the interview lists carry the pad: Join pad for the candidate, Open pad for the team', async () => {
    const mine = await read<CandidateInterview[]>(c.candidate, '/api/interviews/mine');
    expect(mine[0]?.pad).toEqual({ id: padId, status: 'open' });
    const team = await read<Interview[]>(c.interviewer, '/api/interviews/team');
    expect(team.find((i) => i.id === c.interviewId)?.pad).toEqual({ id: padId, status: 'open' });
    await call(c.interviewer, `/api/pads/${padId}/end`, { method: 'POST' });
    const ofApp = await read<Interview[]>(
      c.recruiter,
      `/api/applications/${c.applicationId}/interviews`,
    );
    expect(ofApp[0]?.pad).toEqual({ id: padId, status: 'ended' });
  });
});

describe('an application’s pads', () => {
  it('lists the interview’s pad and an ad hoc one for the recruiter and the candidate', async () => {
    const adHoc = await call(c.recruiter, '/api/pads', {
      method: 'POST',
      json: { applicationId: c.applicationId, language: 'go' },
    });
    expect(adHoc.status).toBe(201);
    const adHocId = ((await adHoc.json()) as Pad).id;
    const path = `/api/applications/${c.applicationId}/pads`;
    const listed = await read<ApplicationPad[]>(c.recruiter, path);
    expect(listed.map((p) => [p.interviewId, p.language, p.status])).toEqual([
      [c.interviewId, 'python', 'ended'],
      [null, 'go', 'open'],
    ]);
    expect((await read<ApplicationPad[]>(c.candidate, path)).map((p) => p.id)).toContain(adHocId);
    expect((await read<ApplicationPad[]>(c.admin, path)).length).toBe(2);
    expect((await call(c.otherCandidate, path)).status).toBe(404);
    expect((await call(c.otherCompany, path)).status).toBe(403);
    expect((await call(null, path)).status).toBe(401);
  });

  it('the candidate hears of an ad hoc pad started and ended (Join pad comes and goes live)', async () => {
    const heard = () =>
      events.filter(
        (e) =>
          e.event.type === 'applicationPads.changed' &&
          e.event.applicationId === c.applicationId &&
          e.audience.userIds?.includes(c.candidate.id) &&
          e.audience.userIds.includes(c.recruiter.id) &&
          !e.audience.userIds.includes(c.otherCandidate.id),
      ).length;
    const before = heard();
    const started = await call(c.recruiter, '/api/pads', {
      method: 'POST',
      json: { applicationId: c.applicationId, language: 'java' },
    });
    expect(started.status).toBe(201);
    await expect.poll(heard).toBe(before + 1);
    const padId = ((await started.json()) as Pad).id;
    expect((await call(c.recruiter, `/api/pads/${padId}/end`, { method: 'POST' })).status).toBe(
      200,
    );
    await expect.poll(heard).toBe(before + 2);
  });
});

describe('notes never reach the candidate', () => {
  it('the replay is the team’s: the candidate gets a refusal without a note in it', async () => {
    const [first] = await read<ApplicationPad[]>(
      c.recruiter,
      `/api/applications/${c.applicationId}/pads`,
    );
    const padId = first!.id;
    // Notes stay the team's after the end (for the scorecard).
    const secret = 'Strong on recursion, weak on tests';
    const added = await call(c.interviewer, `/api/pads/${padId}/notes`, {
      method: 'POST',
      json: { text: secret },
    });
    expect(added.status).toBe(201);
    const team = await call(c.recruiter, `/api/pads/${padId}/notes`);
    expect(await team.text()).toContain(secret);
    for (const path of ['replay', 'notes', '', 'runs']) {
      const res = await call(c.candidate, `/api/pads/${padId}${path ? `/${path}` : ''}`);
      expect(await res.text(), path).not.toContain(secret);
    }
    expect((await call(c.candidate, `/api/pads/${padId}/replay`)).status).toBe(403);
    const replay = await call(c.recruiter, `/api/pads/${padId}/replay`);
    expect(replay.status).toBe(200);
  });
});
