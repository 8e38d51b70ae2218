import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { careerJobPath } from '../../../domain/careers';
import { projectRoot } from '../../lib/paths';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';
import { careersPages } from './careers.pages';

/** The careers pages and /login as the W3C checker and search engines read them (issue 32). */
const shellOf = (file: string) => readFileSync(path.join(projectRoot(), 'src/web', file), 'utf8');
// The recommended rules, less two of style only (valid HTML either way, and what Vite writes):
// `<!doctype html>` in lower case and `<meta ... />`.
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'doctype-style': 'off', 'void-style': 'off' },
});
let t: TestApp;
let rec: TestUser;
let pages: ReturnType<typeof careersPages>;

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
    shell: async () => shellOf('index.html'),
    jobShell: async () => shellOf('careers-job.html'),
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
      workplaceType: 'on-site',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: null,
      salaryMax: null,
      currency: 'EUR',
      showSalary: false,
      description: '## The role\n\nRun **clusters** & <b>services</b>.\n\n- on call',
      openings: 1,
      closingDate: toIsoDate(new Date(Date.now() + 30 * 86_400_000)),
      status: 'published',
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
};

const problems = async (html: string) => {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
};

const jsonLd = (html: string) =>
  JSON.parse(
    /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as Record<string, unknown>;

describe('careers pages', () => {
  it('are valid HTML (html-validate, recommended rules), and so is the login page', async () => {
    const onsite = await post({ title: 'Onsite Engineer' });
    const remote = await post({
      title: 'Remote Engineer',
      workplaceType: 'remote',
      locations: ['Remote UK'],
    });
    for (const p of ['/careers', careerJobPath(onsite), careerJobPath(remote), '/careers/nope']) {
      const html = await (await pages.request(p)).text();
      expect(await problems(html), p).toEqual([]);
      // Styles in the head, never in the body.
      expect(html.split('<body')[1], p).not.toContain('<style');
    }
    expect(await problems(shellOf('index.html'))).toEqual([]);
  });

  it('describe each job as Google asks: HTML description, closing date, remote requirements', async () => {
    const remote = await post({
      title: 'Remote Writer',
      workplaceType: 'remote',
      locations: ['Remote UK', 'Ireland'],
    });
    const posting = jsonLd(await (await pages.request(careerJobPath(remote))).text());
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    // A job without a country: the places' countries, as the codes a job with one sends.
    expect(posting.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'GB' },
      { '@type': 'Country', name: 'IE' },
    ]);
    expect(posting.jobLocation).toBeUndefined();
    expect(posting.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59Z$/);
    expect(posting.description).toContain('<h2>The role</h2>');
    expect(posting.description).toContain('&lt;b&gt;services&lt;/b&gt;');
    expect(posting.description).not.toContain('<b>');
  });
});
