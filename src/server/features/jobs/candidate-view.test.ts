import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { outbox } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createJob, createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

/**
 * What recruiters write about a candidate (the rejection reason, notes) never reaches the
 * candidate: not in any answer the candidate can ask for (every GET route of the OpenAPI
 * document, with every id the candidate knows), not in the answers to applying and
 * withdrawing, not in their mail, their live events or their data export.
 */

const REASON = 'PRIVATE-REASON-weak-typescript';
const NOTE = 'PRIVATE-NOTE-salary-too-high';
const SECRETS = [REASON, NOTE];
/** Keys only recruiters' answers have. */
const PRIVATE_KEYS = ['rejectionReason', 'notes', 'seen', 'reason'];

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;
const events: BusMessage[] = [];

const postJob = async (title: string) =>
  (
    await createJob(t, rec, {
      title,
      locations: ['Berlin'],
      workplaceType: 'remote',
      experience: '3-5',
    })
  ).id;
const apply = async (jobId: string) => {
  const form = new FormData();
  form.set('coverLetter', 'I would love to join.');
  const res = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: cand,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res;
};
const move = async (jobId: string, body: Record<string, unknown>) => {
  const res = await t.request(`/api/jobs/${jobId}/applications/move`, {
    method: 'POST',
    as: rec,
    json: body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
};
const note = async (applicationId: string) => {
  const res = await t.request(`/api/applications/${applicationId}/notes`, {
    method: 'POST',
    as: rec,
    json: { body: NOTE },
  });
  expect(res.status).toBe(201);
};

/** The text of an answer: JSON or text as is, a zip's entries unpacked. */
async function textOf(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if ((res.headers.get('content-type') ?? '').includes('zip')) {
    const entries = unzipSync(bytes);
    return Object.entries(entries)
      .map(([name, data]) => `${name}\n${new TextDecoder().decode(data)}`)
      .join('\n');
  }
  return new TextDecoder().decode(bytes);
}

function expectNoPrivateText(where: string, text: string) {
  for (const secret of SECRETS) {
    expect(text.includes(secret), `${where} shows "${secret}" to the candidate`).toBe(false);
  }
}
function expectNoPrivateKeys(where: string, json: unknown) {
  const seen = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        seen.add(k);
        walk(child);
      }
    }
  };
  walk(json);
  for (const key of PRIVATE_KEYS) {
    expect(seen.has(key), `${where} has the recruiters' field "${key}"`).toBe(false);
  }
}

let rejectedJob: string;
let rejectedApp: string;
let assessmentId: string;
let withdrawnApp: string;
let withdrawAnswer: unknown;

beforeAll(async () => {
  t = await createTestApp();
  t.bus.subscribe((m) => events.push(m));
  admin = await t.createUser('admin');
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  const { id: templateId } = await createTemplate(t, admin, {
    title: 'Password policy',
    roleName: 'Full Stack Developer',
    tasks: [{ title: 'Explain', description: '', type: 'text' }],
  });

  // One application goes through an assessment, gets a note and is rejected with a reason.
  rejectedJob = await postJob('Rejected role');
  rejectedApp = ((await (await apply(rejectedJob)).json()) as { id: string }).id;
  await move(rejectedJob, {
    applicationIds: [rejectedApp],
    stage: 'assessment',
    assessment: { templateId, dueDate: defaultDueDate(), message: 'Good luck' },
  });
  await note(rejectedApp);
  await move(rejectedJob, { applicationIds: [rejectedApp], stage: 'rejected', reason: REASON });
  const mine = (await (await t.request('/api/applications/mine', { as: cand })).json()) as {
    assessment: { id: string } | null;
  }[];
  assessmentId = mine[0]!.assessment!.id;

  // Another gets a note while in review; the candidate withdraws it.
  const otherJob = await postJob('Withdrawn role');
  withdrawnApp = ((await (await apply(otherJob)).json()) as { id: string }).id;
  await move(otherJob, { applicationIds: [withdrawnApp], stage: 'screening' });
  await note(withdrawnApp);
  const withdrawn = await t.request(`/api/applications/${withdrawnApp}/withdraw`, {
    method: 'POST',
    as: cand,
  });
  expect(withdrawn.status).toBe(200);
  withdrawAnswer = await withdrawn.json();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("what the candidate sees of their applications (recruiters' words stay theirs)", () => {
  it('the recruiter does see the reason and the notes (the test has something to find)', async () => {
    const res = await t.request(`/api/applications/${rejectedApp}`, { as: rec });
    const text = await res.text();
    expect(text).toContain(REASON);
    expect(text).toContain(NOTE);
  });

  it("the job's page and My Applications say Rejected without the reason", async () => {
    const page = await t.request(`/api/jobs/${rejectedJob}`, { as: cand });
    expect(page.status).toBe(200);
    const job = (await page.clone().json()) as { myApplication: { stage: string } | null };
    expect(job.myApplication?.stage).toBe('rejected');
    expectNoPrivateText('GET /api/jobs/{id}', await page.text());
    expectNoPrivateKeys('GET /api/jobs/{id}', job);

    const mine = await t.request('/api/applications/mine', { as: cand });
    const list = (await mine.clone().json()) as { stage: string; timeline: unknown[] }[];
    expect(list.map((a) => a.stage).sort()).toEqual(['rejected', 'withdrawn']);
    expect(list.every((a) => a.timeline.length >= 2)).toBe(true);
    expectNoPrivateText('GET /api/applications/mine', await mine.text());
    expectNoPrivateKeys('GET /api/applications/mine', list);
  });

  it('applying and withdrawing answer with the candidate view', async () => {
    expectNoPrivateText('POST /api/applications/{id}/withdraw', JSON.stringify(withdrawAnswer));
    expectNoPrivateKeys('POST /api/applications/{id}/withdraw', withdrawAnswer);
    const applied = await apply(await postJob('Fresh role'));
    expectNoPrivateKeys('POST /api/jobs/{id}/applications', await applied.json());
  });

  it('no GET route of the API shows the private text to the candidate, whatever id it is given', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const assessmentRes = await t.request(`/api/assessments/${assessmentId}`, { as: cand });
    const made = (await assessmentRes.json()) as {
      tasks: { id: string }[];
      project: { fileNames: string[] };
    };
    const conversation = await t.request('/api/conversations', {
      method: 'POST',
      as: cand,
      json: { recipientIds: [rec.id], subject: 'Hello', message: 'A question' },
    });
    const conversationId = ((await conversation.json()) as { id: string }).id;
    const ids = [
      rejectedJob,
      rejectedApp,
      withdrawnApp,
      assessmentId,
      conversationId,
      cand.id,
      rec.id,
    ];
    const values: Record<string, string[]> = {
      id: ids,
      userId: [cand.id, rec.id],
      taskId: made.tasks.map((task) => task.id),
      fileName: made.project.fileNames.slice(0, 1),
      // A bulk invitation's link token: the candidate holds none here.
      token: ['not-a-token'],
      // The other side of a similarity match: any assessment id.
      otherId: [assessmentId],
    };
    let answered = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!('get' in operations)) continue;
      let urls = [template];
      for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
        const choices = values[name!];
        expect(choices, `no test values for {${name}} in ${template}`).toBeDefined();
        urls = urls.flatMap((u) =>
          choices!.map((v) => u.replace(`{${name}}`, encodeURIComponent(v))),
        );
      }
      for (const url of urls) {
        const res = await t.request(url, { as: cand });
        expect(res.status, `GET ${url}`).toBeLessThan(500);
        if (res.status === 200) answered += 1;
        expectNoPrivateText(`GET ${url}`, await textOf(res));
      }
    }
    // The walk reached the candidate's answers (jobs, applications, assessment, export...).
    expect(answered).toBeGreaterThan(15);
  });

  it('neither their mail nor their live events carry it', async () => {
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, cand.email));
    expect(mails.length).toBeGreaterThan(0);
    expectNoPrivateText('mail to the candidate', JSON.stringify(mails));
    const theirs = events.filter((e) => e.audience.userIds?.includes(cand.id));
    expect(theirs.length).toBeGreaterThan(0);
    expectNoPrivateText('live events to the candidate', JSON.stringify(theirs));
  });
});
