import { readFileSync } from 'node:fs';
import path from 'node:path';
import Validator from '@adobe/structured-data-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { careerJobPath } from '../../../domain/careers';
import { projectRoot } from '../../lib/paths';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';
import { careersPages, SHARE_CARD } from './careers.pages';

/**
 * Every published job's JobPosting data as Google's rich-result rules read it (issue 32,
 * item 4), checked by @adobe/structured-data-validator (Google's required and recommended
 * JobPosting properties), and the share card every careers page names.
 */
let t: TestApp;
let rec: TestUser;
let pages: ReturnType<typeof careersPages>;
const validator = new Validator();

beforeAll(async () => {
  t = await createTestApp();
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  await t.request('/api/profile', {
    method: 'PUT',
    as: rec,
    json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
  });
  pages = careersPages({
    db: t.database.db,
    appUrl: TEST_APP_URL,
    shell: async () => readFileSync(path.join(projectRoot(), 'src/web/index.html'), 'utf8'),
  });
});
afterAll(async () => {
  await t?.close();
});

const post = async (over: Record<string, unknown>) => {
  const res = await t.request('/api/jobs', {
    method: 'POST',
    as: rec,
    json: {
      title: 'Platform Engineer',
      department: 'Engineering',
      locations: ['Berlin'],
      country: 'DE',
      workplaceType: 'on-site',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: 60000,
      salaryMax: 80000,
      currency: 'EUR',
      showSalary: true,
      description: '## The role\n\nRun clusters.',
      openings: 1,
      closingDate: toIsoDate(new Date(Date.now() + 30 * 86_400_000)),
      status: 'published',
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; title: string; country: string | null };
};

const pageOf = async (job: { id: string; title: string }) =>
  (await pages.request(careerJobPath(job))).text();

const jsonLd = (html: string) =>
  JSON.parse(
    /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as Record<string, unknown>;

/**
 * The validator's issues as "SEVERITY field". It reads `jobLocation.address.addressCountry`
 * through objects only, so a posting with several places (an array, as schema.org allows) is
 * checked once per place: Google's rule holds for each.
 */
async function issuesOf(posting: Record<string, unknown>): Promise<string[]> {
  const places = Array.isArray(posting.jobLocation) ? posting.jobLocation : [undefined];
  const issues = new Set<string>();
  for (const place of places) {
    const one = place === undefined ? posting : { ...posting, jobLocation: place };
    for (const issue of await validator.validate({ jsonld: { JobPosting: [one] } })) {
      issues.add(`${issue.severity} ${(issue.fieldNames ?? []).join(',') || issue.issueMessage}`);
    }
  }
  return [...issues].sort();
}

describe('JobPosting structured data (Google’s rules)', () => {
  it('has every required property on every published job, and the recommended ones that apply', async () => {
    const jobs = {
      onsite: await post({ title: 'Onsite Engineer', locations: ['Berlin', 'Munich'] }),
      hybrid: await post({
        title: 'Hybrid Engineer',
        workplaceType: 'hybrid',
        locations: ['London'],
        country: 'gb',
        closingDate: null,
      }),
      remote: await post({
        title: 'Remote Writer',
        workplaceType: 'remote',
        locations: ['Remote UK'],
        country: 'GB',
        showSalary: false,
      }),
    };
    expect(jobs.hybrid.country).toBe('GB');
    const found: Record<string, string[]> = {};
    for (const [name, job] of Object.entries(jobs))
      found[name] = await issuesOf(jsonLd(await pageOf(job)));
    // No errors anywhere. What is left are recommendations that do not apply: where applicants
    // may live and the location type belong to remote jobs, a salary the recruiter hides is
    // not sent, a job with no closing date has no validThrough.
    expect(found).toEqual({
      onsite: ['WARNING applicantLocationRequirements', 'WARNING jobLocationType'],
      hybrid: [
        'WARNING applicantLocationRequirements',
        'WARNING jobLocationType',
        'WARNING validThrough',
      ],
      remote: ['WARNING baseSalary'],
    });
    const remote = jsonLd(await pageOf(jobs.remote));
    expect(remote.applicantLocationRequirements).toEqual([{ '@type': 'Country', name: 'GB' }]);
    const onsite = jsonLd(await pageOf(jobs.onsite));
    expect(onsite.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
      },
      {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Munich', addressCountry: 'DE' },
      },
    ]);
  });

  it('fails a job posted without a country (before the form asked for one) whose places name none', async () => {
    const old = await post({ title: 'Old Posting', country: null });
    expect(await issuesOf(jsonLd(await pageOf(old)))).toContain(
      'ERROR jobLocation.address.addressCountry',
    );
  });

  it('passes such a job when its places name the country, every place getting it', async () => {
    const named = await post({
      title: 'Old Named Posting',
      country: null,
      locations: ['Berlin, Germany', 'Hamburg'],
    });
    const posting = jsonLd(await pageOf(named));
    expect(await issuesOf(posting)).toEqual([
      'WARNING applicantLocationRequirements',
      'WARNING jobLocationType',
    ]);
    expect(
      (posting.jobLocation as { address: { addressCountry?: string } }[]).map(
        (p) => p.address.addressCountry,
      ),
    ).toEqual(['DE', 'DE']);
    const remote = await post({
      title: 'Old Remote Posting',
      country: null,
      workplaceType: 'remote',
      locations: ['Remote, Deutschland'],
    });
    const remotePosting = jsonLd(await pageOf(remote));
    expect(remotePosting.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'DE' },
    ]);
    expect(await issuesOf(remotePosting)).toEqual([]);
  });

  it('refuses a country that is not an ISO 3166-1 alpha-2 code', async () => {
    const res = await t.request('/api/jobs', {
      method: 'POST',
      as: rec,
      json: {
        title: 'Bad Country',
        department: 'Engineering',
        locations: ['London'],
        country: 'UK',
        workplaceType: 'on-site',
        jobType: 'full-time',
        experience: '3-5',
        description: 'Text',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose a country');
    const rows = await t.database.db.query.job.findMany({ columns: { title: true } });
    expect(rows.map((r) => r.title)).not.toContain('Bad Country');
  });
});

describe('share card', () => {
  it('every careers page names an image we serve, by absolute URL, for Open Graph and X', async () => {
    const job = await post({ title: 'Shared Engineer' });
    const image = `${TEST_APP_URL}${SHARE_CARD.path}`;
    for (const p of ['/careers', careerJobPath(job), '/careers/nope']) {
      const html = await (await pages.request(p)).text();
      expect(html, p).toContain(`<meta property="og:image" content="${image}" />`);
      expect(html, p).toContain(`<meta name="twitter:image" content="${image}" />`);
      expect(html, p).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
    // The file the URL names: a PNG of the size the tags say (its IHDR chunk).
    const png = readFileSync(path.join(projectRoot(), 'src/web/public', SHARE_CARD.path));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      SHARE_CARD.width,
      SHARE_CARD.height,
    ]);
  });
});
