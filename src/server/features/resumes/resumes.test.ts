import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSearch, jobApplication } from '../../db/schema';
import { createJob } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { readPdfText } from './pdf-text';
import { bombPdf, encryptedPdf, malformedPdf, manyPagesPdf, textPdf } from './test-pdfs';

let t: TestApp;
let rec: TestUser;
let jobId: string;

beforeAll(async () => {
  t = await createTestApp();
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  jobId = (
    await createJob(t, rec, {
      title: 'Résumé Search Role',
      description: 'A job',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

/** A new candidate (with a profile) who applies to the job with this PDF. */
async function applyWith(
  pdf: Uint8Array,
  profile: Record<string, unknown> = {},
  name = 'Casey Candidate',
) {
  const cand = await t.signUp({ accountType: 'candidate', name });
  const put = await t.request('/api/profile', {
    method: 'PUT',
    as: cand,
    json: { name, title: 'Engineer', skills: 'Go', ...profile },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const form = new FormData();
  form.set('coverLetter', 'Hello');
  form.set('resume', new File([pdf as Uint8Array<ArrayBuffer>], 'cv.pdf'));
  const res = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: cand,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { cand, applicationId: id };
}

async function stored(applicationId: string) {
  const [row] = await t.database.db
    .select({ text: jobApplication.resumeText, status: jobApplication.resumeTextStatus })
    .from(jobApplication)
    .where(eq(jobApplication.id, applicationId));
  return row!;
}

type Result = {
  id: string;
  resumeSnippet: { text: string; match: boolean }[] | null;
};
const search = async (q: string) => {
  const res = await t.request(`/api/candidates?q=${encodeURIComponent(q)}`, { as: rec });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Result[] }).items;
};

describe('résumé search', () => {
  it('reads the résumé in the background and finds the candidate by a word only it holds', async () => {
    const { cand, applicationId } = await applyWith(
      textPdf(['Casey Candidate', 'Ten years of zanzibarology and <b>tide</b> charts.']),
    );
    await t.resumes.idle();
    expect(await stored(applicationId)).toMatchObject({ status: 'read' });
    expect((await stored(applicationId)).text).toContain('zanzibarology');
    const items = await search('zanzibarology');
    expect(items.map((i) => i.id)).toEqual([cand.id]);
    const snippet = items[0]!.resumeSnippet!;
    expect(snippet.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual([
      'zanzibarology',
    ]);
    // Text parts, never HTML (the page shows them as text); tags in the text are not kept.
    expect(snippet.map((p) => p.text).join('')).toContain('tide');
    expect(snippet.map((p) => p.text).join('')).not.toContain('<b>');
    // A search without résumé words has no snippet.
    const plain = await search('engineer');
    expect(plain.find((i) => i.id === cand.id)?.resumeSnippet ?? null).toBeNull();
  });

  it('ranks a match in skills or title above one only in a résumé', async () => {
    const inResume = await applyWith(textPdf(['Expert in quokkaflow pipelines']), {}, 'Rae Resume');
    const inSkills = await applyWith(
      textPdf(['Nothing here']),
      { skills: 'Quokkaflow' },
      'Sam Skills',
    );
    await t.resumes.idle();
    const ids = (await search('quokkaflow')).map((i) => i.id);
    expect(ids).toEqual([inSkills.cand.id, inResume.cand.id]);
  });

  it('does not find candidates who hide from recruiters by their résumés', async () => {
    const hidden = await applyWith(textPdf(['Fluent in xylophonics']), { discoverable: false });
    await t.resumes.idle();
    expect(await stored(hidden.applicationId)).toMatchObject({ status: 'read' });
    expect(await search('xylophonics')).toEqual([]);
  });

  it('cannot forge a highlight with control characters in the PDF', async () => {
    const { cand } = await applyWith(textPdf(['\u0001fake\u0002 marker then narwhalese']));
    await t.resumes.idle();
    const [item] = await search('narwhalese');
    expect(item?.id).toBe(cand.id);
    expect(item!.resumeSnippet!.filter((p) => p.match).map((p) => p.text)).toEqual(['narwhalese']);
  });

  it.each([
    ['malformed', malformedPdf],
    ['encrypted', encryptedPdf],
    ['5,000 pages', () => manyPagesPdf(5000)],
    ['a decompression bomb', () => bombPdf(100)],
  ])(
    'marks a %s résumé "text could not be read", keeps nothing, and stays responsive',
    async (_, make) => {
      const { cand, applicationId } = await applyWith(make());
      // While it is being read, the server answers.
      const started = performance.now();
      expect((await t.request('/api/health')).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      await t.resumes.idle();
      expect(await stored(applicationId)).toEqual({ text: null, status: 'unreadable' });
      const [row] = await t.database.db
        .select({ resume: candidateSearch.resumeText })
        .from(candidateSearch)
        .where(eq(candidateSearch.userId, cand.id));
      expect(row?.resume).toBe('');
      // The application itself is unharmed: the recruiter sees it and its résumé.
      const app = await t.request(`/api/applications/${applicationId}`, { as: rec });
      expect(app.status).toBe(200);
      expect(await app.json()).toMatchObject({ hasResume: true, resumeTextStatus: 'unreadable' });
    },
  );

  it('refuses a bomb before PDF.js inflates it, and too many pages before reading any', async () => {
    // Without the inflate budget PDF.js reads the bomb for seconds and ~300 MB outside the heap.
    expect(await readPdfText(bombPdf(100))).toEqual({ ok: false, reason: 'inflates too much' });
    expect(await readPdfText(manyPagesPdf(5000))).toEqual({ ok: false, reason: 'too many pages' });
  });

  it('ends a worker that takes too long', async () => {
    const result = await readPdfText(manyPagesPdf(40), {
      timeoutMs: 1,
      maxOldGenerationSizeMb: 96,
      maxYoungGenerationSizeMb: 16,
      maxInflatedBytes: 1024,
      maxPages: 50,
      maxChars: 100,
    });
    expect(result).toEqual({ ok: false, reason: 'timed out' });
  });

  it('reads résumés stored before résumé search (the backfill at start)', async () => {
    const { cand, applicationId } = await applyWith(textPdf(['Old hand at quasarite mining']));
    await t.resumes.idle();
    // As if uploaded before: never read.
    await t.database.db
      .update(jobApplication)
      .set({ resumeText: null, resumeTextStatus: null })
      .where(eq(jobApplication.id, applicationId));
    expect(await search('quasarite')).toEqual([]);
    expect(await t.resumes.backfill()).toBeGreaterThanOrEqual(1);
    expect((await search('quasarite')).map((i) => i.id)).toEqual([cand.id]);
  });

  it('takes a withdrawn application’s résumé out of the search, keeping the others', async () => {
    const { cand, applicationId } = await applyWith(textPdf(['Master of pangolinistics']));
    await t.resumes.idle();
    expect((await search('pangolinistics')).map((i) => i.id)).toEqual([cand.id]);
    const res = await t.request(`/api/applications/${applicationId}/withdraw`, {
      method: 'POST',
      as: cand,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await search('pangolinistics')).toEqual([]);
    // The text stays with the application (the recruiter's pipeline shows it as withdrawn).
    expect(await stored(applicationId)).toMatchObject({ status: 'read' });

    // A résumé given with another application, still under way, is still found.
    const otherJob = (
      await createJob(t, rec, {
        title: 'Second Role',
        description: 'Another job',
      })
    ).id;
    const form = new FormData();
    form.set('coverLetter', 'Hello again');
    form.set(
      'resume',
      new File([textPdf(['Still into armadillography']) as Uint8Array<ArrayBuffer>], 'cv2.pdf'),
    );
    const applied = await t.request(`/api/jobs/${otherJob}/applications`, {
      method: 'POST',
      as: cand,
      body: form,
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    await t.resumes.idle();
    expect((await search('armadillography')).map((i) => i.id)).toEqual([cand.id]);
    expect(await search('pangolinistics')).toEqual([]);
  });

  it('takes a deleted application’s résumé out of the search', async () => {
    const { cand, applicationId } = await applyWith(textPdf(['Known for ocelotry']));
    await t.resumes.idle();
    expect((await search('ocelotry')).map((i) => i.id)).toEqual([cand.id]);
    await t.database.db.delete(jobApplication).where(eq(jobApplication.id, applicationId));
    expect(await search('ocelotry')).toEqual([]);
  });
});
