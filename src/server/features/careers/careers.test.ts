import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { CAREERS_TEXTS, careerJobPath } from '../../../domain/careers';
import { job } from '../../db/schema';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';
import { careersPages } from './careers.pages';

let t: TestApp;
let rec: TestUser;
let cand: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  await t.request('/api/profile', {
    method: 'PUT',
    as: rec,
    json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
  });
});
afterAll(async () => {
  await t?.close();
});

const future = (days = 30) => toIsoDate(new Date(Date.now() + days * 86_400_000));
type Posted = { id: string; title: string };
const post = async (over: Record<string, unknown> = {}): Promise<Posted> => {
  const res = await t.request('/api/jobs', {
    method: 'POST',
    as: rec,
    json: {
      title: 'Platform Engineer',
      department: 'Engineering',
      locations: ['Berlin'],
      workplaceType: 'hybrid',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: 70000,
      salaryMax: 90000,
      currency: 'EUR',
      showSalary: true,
      description: '## The role\n\nRun **Kubernetes** clusters.\n\n- on call\n- <b>not bold</b>',
      openings: 1,
      closingDate: future(),
      status: 'published',
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Posted;
};
const action = (id: string, a: string) =>
  t.request(`/api/jobs/${id}/status`, { method: 'POST', as: rec, json: { action: a } });
const page = (p: string) => t.request(p);

/** The JSON-LD block of a page, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('the careers list (no sign-in)', () => {
  let open: Posted;
  let draft: Posted;
  let closed: Posted;
  let archived: Posted;
  let expired: Posted;
  let remote: Posted;
  beforeAll(async () => {
    open = await post({ title: 'Careers Open Role' });
    draft = await post({ title: 'Careers Draft Role', status: 'draft' });
    closed = await post({ title: 'Careers Closed Role' });
    await action(closed.id, 'close');
    archived = await post({ title: 'Careers Archived Role' });
    await action(archived.id, 'archive');
    expired = await post({ title: 'Careers Expired Role' });
    await t.database.db
      .update(job)
      .set({ closingDate: '2020-01-01' })
      .where(eq(job.id, expired.id));
    remote = await post({
      title: 'Careers Remote Role',
      workplaceType: 'remote',
      showSalary: false,
    });
  });

  it('lists published, open jobs to anyone, with their public path and no recruiter', async () => {
    const res = await page('/api/careers/jobs?q=careers');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    const titles = body.items.map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining([open.title, remote.title]));
    for (const gone of [draft, closed, archived, expired]) expect(titles).not.toContain(gone.title);
    const first = body.items.find((i) => i.id === open.id)!;
    expect(first.path).toBe(careerJobPath(open));
    expect(first.companyName).toBe('Northwind');
    expect(first).not.toHaveProperty('recruiterId');
    expect(first).not.toHaveProperty('recruiterName');
    // A hidden salary stays hidden.
    const hidden = body.items.find((i) => i.id === remote.id)!;
    expect(hidden.salaryMin).toBeNull();
    expect(hidden.salaryMax).toBeNull();
  });

  it('takes the same filters as Browse Jobs, and refuses bad ones with a 400', async () => {
    const res = await page('/api/careers/jobs?q=careers&workplaceType=remote');
    const body = (await res.json()) as { items: { id: string }[] };
    expect(body.items.map((i) => i.id)).toEqual([remote.id]);
    expect((await page('/api/careers/jobs?workplaceType=moon')).status).toBe(400);
    expect((await page('/api/careers/jobs?cursor=nonsense')).status).toBe(400);
    const deps = (await (await page('/api/careers/departments')).json()) as string[];
    expect(deps).toContain('Engineering');
  });

  it('answers one open job; drafts, archived and unknown jobs are 404, closed ones say so', async () => {
    const ok = await page(`/api/careers/jobs/${open.id}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { title: string }).title).toBe(open.title);
    for (const gone of [draft, archived]) {
      const res = await page(`/api/careers/jobs/${gone.id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(CAREERS_TEXTS.notFound);
    }
    for (const gone of [closed, expired]) {
      const res = await page(`/api/careers/jobs/${gone.id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: CAREERS_TEXTS.noLongerOpen, closed: true });
    }
    expect((await page('/api/careers/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('serves /careers with the jobs in the HTML', async () => {
    const res = await page('/careers');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain(`<link rel="canonical" href="${TEST_APP_URL}/careers" />`);
    expect(html).toContain(`href="${careerJobPath(open)}"`);
    expect(html).not.toContain(draft.title);
  });

  it('serves a job page with its text, description meta, canonical, OpenGraph and JobPosting', async () => {
    const res = await page(careerJobPath(open));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const canonical = `${TEST_APP_URL}${careerJobPath(open)}`;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>Careers Open Role at Northwind · TalentForge</title>');
    expect(html).toContain('<a class="apply" href="');
    expect(html).toMatch(/Full-time · €70,000 – €90,000/);
    expect(html).toMatch(/<meta name="description" content="The role: Run Kubernetes clusters\./);
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toContain('<meta property="og:title" content="Careers Open Role at Northwind');
    // The content is in the HTML sent, escaped (the description's markup is text).
    expect(html).toContain('<h1>Careers Open Role</h1>');
    expect(html).toContain('Run Kubernetes clusters.');
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(html).not.toContain('<b>not bold</b>');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Careers Open Role',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Northwind' },
      jobLocation: [{ '@type': 'Place', address: { addressLocality: 'Berlin' } }],
      baseSalary: {
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 70000, maxValue: 90000 },
      },
      validThrough: `${future()}T23:59:59Z`,
    });
    expect(ld.description).toContain('Run Kubernetes clusters.');
    expect(Date.parse(ld.datePosted as string)).not.toBeNaN();
  });

  it("is written in the visitor's language: the browser's first we have, else the admin's default", async () => {
    const french = await t.request(careerJobPath(open), {
      headers: { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.5' },
    });
    expect(french.headers.get('vary')).toContain('Accept-Language');
    const html = await french.text();
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('<title>Careers Open Role chez Northwind · TalentForge</title>');
    expect(html).toMatch(/Temps plein · 70\u202f000\u00a0€ – 90\u202f000\u00a0€/);
    expect(html).toMatch(/Publiée le \d{1,2} \S+ \d{4}/);
    expect(html).toContain('>Postuler</a>');
    expect(html).not.toContain('>Apply</a>');
    const list = await (
      await t.request('/careers', { headers: { 'Accept-Language': 'ja' } })
    ).text();
    expect(list).toContain('<html lang="ja-JP">');
    expect(list).toContain('<h1>採用情報</h1>');
    // A language we do not have: the admin's default (English here).
    const other = await (
      await t.request('/careers', { headers: { 'Accept-Language': 'pt-BR' } })
    ).text();
    expect(other).toContain('<html lang="en-US">');
  });

  it('marks a remote job TELECOMMUTE and leaves a hidden salary out of the JSON-LD', async () => {
    const html = await (await page(careerJobPath(remote))).text();
    const ld = jsonLd(html);
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld).not.toHaveProperty('jobLocation');
    expect(ld).not.toHaveProperty('baseSalary');
    expect(html).not.toContain('70,000');
  });

  it('sends another slug of the job to its one address', async () => {
    const res = await page(`/careers/old-title-${open.id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(careerJobPath(open));
  });

  it('answers drafts, archived, closed and unknown jobs with a 404 page that is not indexed', async () => {
    for (const gone of [draft, archived]) {
      const res = await page(careerJobPath(gone));
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain(gone.title);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('application/ld+json');
    }
    for (const gone of [closed, expired]) {
      const res = await page(careerJobPath(gone));
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(`<h1>${CAREERS_TEXTS.noLongerOpen}</h1>`);
      expect(html).toContain('<a href="/careers">');
    }
    expect((await page('/careers/no-id-here')).status).toBe(404);
    expect((await page('/careers/x-00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page('/careers/a/b')).status).toBe(404);
  });

  it('lists open jobs in sitemap.xml and the sitemap in robots.txt', async () => {
    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>${TEST_APP_URL}${careerJobPath(open)}</loc>`);
    expect(xml).toContain(`<loc>${TEST_APP_URL}/careers</loc>`);
    for (const gone of [draft, closed, archived, expired]) expect(xml).not.toContain(gone.id);
    const robots = await (await page('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${TEST_APP_URL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });
});

describe('the job page’s weight', () => {
  it('serves a job in its own light shell (no app entry), the list and missing jobs in the app’s', async () => {
    const shell = (entry: string) =>
      `<!doctype html><html lang="en"><head><meta name="description" content="" /><title>T</title><script type="module" src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;
    const pages = careersPages({
      db: t.database.db,
      appUrl: TEST_APP_URL,
      shell: async () => shell('app'),
      jobShell: async () => shell('careers-job'),
    });
    const j = await post({ title: 'Light Page Engineer' });
    const jobPage = await pages.request(careerJobPath(j));
    expect(jobPage.status).toBe(200);
    const html = await jobPage.text();
    expect(html).toContain('/assets/careers-job.js');
    expect(html).not.toContain('/assets/app.js');
    // The content is there without the app, with the link that brings the app in.
    expect(html).toContain('<h1>Light Page Engineer</h1>');
    expect(html).toMatch(/<a class="apply" href="[^"]+#apply">/);
    expect(await (await pages.request('/careers')).text()).toContain('/assets/app.js');
    const missing = await pages.request('/careers/no-such-job');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('/assets/app.js');
  });
});

describe('a signed-in visitor on the light job page', () => {
  it('gets the account line, not yet shown, (in their language) only with a session cookie', async () => {
    const j = await post({ title: 'Corner Engineer' });
    const anonymous = await page(careerJobPath(j));
    expect(anonymous.headers.get('vary')).toContain('Cookie');
    expect(await anonymous.text()).not.toContain('tf-account');
    const signedIn = await t.request(careerJobPath(j), {
      as: cand,
      headers: { 'Accept-Language': 'de' },
    });
    const html = await signedIn.text();
    expect(html).toContain(
      '<p id="tf-account" class="account" data-pending data-template="Angemeldet als %NAME%"><span></span><span aria-hidden="true">·</span><a href="/">Übersicht</a></p>',
    );
    // The corner fills in from the session read the light script makes.
    const session = await t.request('/api/auth/get-session', { as: cand });
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe(
      'Casey Candidate',
    );
  });
});

describe('escaping', () => {
  it('keeps a hostile title inside its text and its JSON-LD block', async () => {
    const title = 'Dev </script><script>alert(1)</script> & "q" <!--';
    const hostile = await post({ title, description: 'Hi </script><img src=x onerror=alert(1)>' });
    const res = await page(careerJobPath(hostile));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    // Exactly one script block ends: the JSON-LD's own.
    const ld = html.slice(html.indexOf('application/ld+json'));
    expect(ld.indexOf('</script>')).toBeGreaterThan(0);
    expect(jsonLd(html).title).toBe(title);
    expect(html).toContain(
      '<h1>Dev &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &lt;!--</h1>',
    );
    expect(html).toContain(`content="Dev &lt;/script&gt;`);
  });
});

describe('applying from the careers site', () => {
  it('still allows one application per job', async () => {
    const j = await post({ title: 'Careers Apply Role' });
    const form = () => {
      const f = new FormData();
      f.set('coverLetter', 'Hello from the careers page');
      return f;
    };
    const first = await t.request(`/api/jobs/${j.id}/applications`, {
      method: 'POST',
      as: cand,
      body: form(),
    });
    expect(first.status).toBe(201);
    const again = await t.request(`/api/jobs/${j.id}/applications`, {
      method: 'POST',
      as: cand,
      body: form(),
    });
    expect(again.status).toBe(409);
  });
});
