import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { interviewResponse, outbox, user } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createJob } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { INBOUND_TEXTS } from '../mail-replies/inbound-smtp';
import { RSVP_TEXTS } from './rsvp';

// Calendar replies (issue 22): the invitation's ORGANIZER is our rsvp+<token> address; a
// participant's METHOD:REPLY mailed there by their calendar app records their answer.

const REPLY_DOMAIN = 'replies.test';
let t: TestApp;
let rita: TestUser;
let bob: TestUser;
let mallory: TestUser;
let jobId: string;
const events: BusMessage[] = [];

const json = (method: string, path: string, as: TestUser | null, body?: unknown) =>
  t.request(path, { method, as, json: body });

beforeAll(async () => {
  t = await createTestApp({ INBOUND_SMTP_PORT: '0', REPLY_DOMAIN });
  rita = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  bob = await t.signUp({ accountType: 'recruiter', name: 'Bob Interviewer' });
  mallory = await t.signUp({ accountType: 'candidate', name: 'Mallory Other' });
  for (const who of [rita, bob]) {
    const res = await json('PUT', '/api/profile', who, {
      name: who.name,
      company: { name: 'Northwind' },
    });
    expect(res.status).toBe(200);
  }
  jobId = (await createJob(t, rita, { title: 'Platform Engineer' })).id;
  t.bus.subscribe((m) => events.push(m));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let day = 3;
/** A new candidate's interview, picked: its ids, the candidate and the invitation's .ics. */
async function scheduledInterview(name = `Casey ${day}`) {
  const cand = await t.signUp({ accountType: 'candidate', name });
  const form = new FormData();
  form.set('coverLetter', 'Hello');
  const applied = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: cand,
    body: form,
  });
  const applicationId = ((await applied.json()) as { id: string }).id;
  await json('POST', `/api/jobs/${jobId}/applications/move`, rita, {
    applicationIds: [applicationId],
    stage: 'interview',
  });
  const proposed = await json('POST', `/api/applications/${applicationId}/interviews`, rita, {
    slots: [
      {
        date: toIsoDate(new Date(Date.now() + day++ * 86_400_000)),
        time: '10:00',
        durationMinutes: 45,
        timeZone: 'Europe/Berlin',
        location: 'Room 4',
      },
    ],
    interviewerIds: [bob.id],
  });
  expect(proposed.status, await proposed.clone().text()).toBe(201);
  const interview = (await proposed.json()) as { id: string; slots: { id: string }[] };
  const picked = await json('POST', `/api/interviews/${interview.id}/pick`, cand, {
    slotId: interview.slots[0]!.id,
  });
  expect(picked.status, await picked.clone().text()).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, cand.email.toLowerCase())))
    .then((rows) => rows.filter((r) => r.calendar?.method === 'REQUEST'));
  const ics = new ICAL.Component(ICAL.parse(mail!.calendar!.content));
  const vevent = ics.getFirstSubcomponent('vevent')!;
  return {
    id: interview.id,
    applicationId,
    cand,
    uid: String(vevent.getFirstPropertyValue('uid')),
    organizer: String(vevent.getFirstPropertyValue('organizer')).replace(/^mailto:/i, ''),
    attendees: vevent
      .getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '')),
  };
}

/** The iCalendar METHOD:REPLY a calendar app writes when its user answers. */
function replyIcs(input: {
  uid: string;
  organizer: string;
  attendee: string;
  partstat: string;
  sequence?: number;
}) {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REPLY',
    'BEGIN:VEVENT',
    'DTSTART:20990602T080000Z',
    'DTEND:20990602T084500Z',
    'DTSTAMP:20260101T000000Z',
    `ORGANIZER;CN=Rita Recruiter:mailto:${input.organizer}`,
    `UID:${input.uid}`,
    `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${input.partstat};CN=Someone:mailto:${input.attendee}`,
    `SEQUENCE:${input.sequence ?? 0}`,
    'SUMMARY:Interview',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

type Delivery = { ok: true; response: string } | { ok: false; code: number; response: string };

/** Mails a calendar reply to the inbound port as the participant's mail server would. */
async function send(input: {
  from: string;
  to: string;
  ics?: string;
  text?: string;
}): Promise<Delivery> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.inbound!.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    const info = await transport.sendMail({
      from: input.from,
      to: input.to,
      subject: 'Declined: Interview',
      text: input.text ?? 'Casey has declined this invitation.',
      // As Gmail and Outlook send it: a text/calendar; method=REPLY part and an .ics file.
      ...(input.ics ? { icalEvent: { method: 'REPLY', content: input.ics } } : {}),
    });
    return { ok: true, response: String(info.response) };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    return { ok: false, code: e.responseCode ?? 0, response: e.response ?? e.message };
  } finally {
    transport.close();
  }
}

interface TeamView {
  responses: { userId: string; name: string; response: string }[];
}
const teamView = async (applicationId: string) => {
  const res = await json('GET', `/api/applications/${applicationId}/interviews`, rita);
  const [one] = (await res.json()) as TeamView[];
  return one!.responses.map((r) => ({ name: r.name, response: r.response }));
};
const stored = async () => t.database.db.select().from(interviewResponse);

describe('calendar replies to an invitation', () => {
  it('sends the invitation with our rsvp address as ORGANIZER and everyone as ATTENDEE', async () => {
    const i = await scheduledInterview();
    expect(i.organizer).toMatch(/^rsvp\+[a-z2-7]+@replies\.test$/);
    expect(i.attendees.sort()).toEqual([bob.email, i.cand.email, rita.email].sort());
  });

  it('records a decline and an acceptance, and the team hears of it live', async () => {
    const i = await scheduledInterview('Casey Declines');
    events.length = 0;
    const declined = await send({
      from: `Casey <${i.cand.email.toUpperCase()}>`,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'DECLINED',
      }),
    });
    expect(declined.ok, JSON.stringify(declined)).toBe(true);
    expect(await teamView(i.applicationId)).toEqual([
      { name: 'Casey Declines', response: 'declined' },
    ]);
    expect(
      events.some(
        (e) => e.event.type === 'interview.changed' && e.audience.userIds?.includes(rita.id),
      ),
    ).toBe(true);
    const accepted = await send({
      from: bob.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: bob.email,
        partstat: 'ACCEPTED',
      }),
    });
    expect(accepted.ok).toBe(true);
    // A change of mind replaces the answer.
    await send({
      from: i.cand.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'TENTATIVE',
      }),
    });
    expect(await teamView(i.applicationId)).toEqual([
      { name: 'Bob Interviewer', response: 'accepted' },
      { name: 'Casey Declines', response: 'tentative' },
    ]);
    // The candidate's own view has no answers.
    const mine = await json('GET', '/api/interviews/mine', i.cand);
    expect(JSON.stringify(await mine.json())).not.toContain('tentative');
  });

  it('mails the recruiter, in their language, when the candidate declines (once per change)', async () => {
    const i = await scheduledInterview('Casey Regrets');
    await t.database.db.update(user).set({ language: 'fr' }).where(eq(user.id, rita.id));
    const toRita = () =>
      t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, rita.email.toLowerCase()))
        // Not the invitation (it has a calendar part): mails about this candidate without one.
        .then((rows) =>
          rows.filter((r) => r.calendar === null && r.subject.includes('Casey Regrets')),
        );
    const answer = (from: string, partstat: string) =>
      send({
        from,
        to: i.organizer,
        ics: replyIcs({ uid: i.uid, organizer: i.organizer, attendee: from, partstat }),
      });
    expect(await toRita()).toEqual([]);
    expect((await answer(i.cand.email, 'DECLINED')).ok).toBe(true);
    const [mail, ...more] = await toRita();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      language: 'fr',
      subject: 'Entretien décliné : Platform Engineer avec Casey Regrets',
    });
    expect(mail!.text).toContain('Casey Regrets a décliné');
    expect(mail!.text).toContain('(Europe/Berlin)');
    expect(mail!.text).toContain(`/recruiter/job-listings/${jobId}?application=${i.applicationId}`);
    // The same decline again, or an interviewer's: no new mail.
    expect((await answer(i.cand.email, 'DECLINED')).ok).toBe(true);
    expect((await answer(bob.email, 'DECLINED')).ok).toBe(true);
    expect((await toRita()).length).toBe(1);
    // Accepting, then declining again, is a change: one more mail.
    expect((await answer(i.cand.email, 'ACCEPTED')).ok).toBe(true);
    expect((await answer(i.cand.email, 'DECLINED')).ok).toBe(true);
    expect((await toRita()).length).toBe(2);
    await t.database.db.update(user).set({ language: null }).where(eq(user.id, rita.id));
  });

  it('refuses forged replies and changes nothing', async () => {
    const i = await scheduledInterview('Casey Forged');
    const other = await scheduledInterview('Casey Other');
    const before = await stored();
    const ics = (over: Partial<Parameters<typeof replyIcs>[0]> = {}) =>
      replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'DECLINED',
        ...over,
      });
    // Another sender answering for the candidate.
    const wrongFrom = await send({ from: mallory.email, to: i.organizer, ics: ics() });
    expect(wrongFrom).toMatchObject({ ok: false, code: 550 });
    expect(wrongFrom.response).toContain(RSVP_TEXTS.wrongSender);
    // Someone who is no participant answering for themself.
    const outsider = await send({
      from: mallory.email,
      to: i.organizer,
      ics: ics({ attendee: mallory.email }),
    });
    expect(outsider).toMatchObject({ ok: false, code: 550 });
    // Another interview's UID sent to this interview's address.
    const unknownUid = await send({
      from: i.cand.email,
      to: i.organizer,
      ics: ics({ uid: other.uid }),
    });
    expect(unknownUid).toMatchObject({ ok: false, code: 550 });
    expect(unknownUid.response).toContain(RSVP_TEXTS.unknownEvent);
    // A made-up rsvp address.
    const forgedAddress = await send({
      from: i.cand.email,
      to: `rsvp+abcdefghijklmnop@${REPLY_DOMAIN}`,
      ics: ics(),
    });
    expect(forgedAddress).toMatchObject({ ok: false, code: 550 });
    expect(forgedAddress.response).toContain(INBOUND_TEXTS.badToken);
    // A mail with no calendar reply in it.
    const plain = await send({ from: i.cand.email, to: i.organizer, text: 'I cannot come' });
    expect(plain).toMatchObject({ ok: false, code: 550 });
    expect(plain.response).toContain(RSVP_TEXTS.notCalendarReply);
    expect(await stored()).toEqual(before);
  });

  it('ignores replies to an older SEQUENCE and to a cancelled interview', async () => {
    const i = await scheduledInterview('Casey Moved');
    const accepted = await send({
      from: i.cand.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'ACCEPTED',
      }),
    });
    expect(accepted.ok).toBe(true);
    const moved = await json('POST', `/api/interviews/${i.id}/reschedule`, rita, {
      date: toIsoDate(new Date(Date.now() + 40 * 86_400_000)),
      time: '11:00',
      durationMinutes: 45,
      timeZone: 'Europe/Berlin',
      location: 'Room 4',
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    // The acceptance answered the old time: no longer shown.
    expect(await teamView(i.applicationId)).toEqual([]);
    const before = await stored();
    const late = await send({
      from: i.cand.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'DECLINED',
        sequence: 0,
      }),
    });
    expect(late.ok).toBe(true);
    if (late.ok) expect(late.response).toContain(RSVP_TEXTS.outdated);
    expect(await stored()).toEqual(before);
    const current = await send({
      from: i.cand.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'ACCEPTED',
        sequence: 1,
      }),
    });
    expect(current.ok).toBe(true);
    expect(await teamView(i.applicationId)).toEqual([
      { name: 'Casey Moved', response: 'accepted' },
    ]);
    const cancelled = await json('POST', `/api/interviews/${i.id}/cancel`, rita, { reason: '' });
    expect(cancelled.status).toBe(200);
    const afterCancel = await stored();
    const toCancelled = await send({
      from: i.cand.email,
      to: i.organizer,
      ics: replyIcs({
        uid: i.uid,
        organizer: i.organizer,
        attendee: i.cand.email,
        partstat: 'DECLINED',
        sequence: 2,
      }),
    });
    expect(toCancelled.ok).toBe(true);
    expect(await stored()).toEqual(afterCancel);
  });
});
