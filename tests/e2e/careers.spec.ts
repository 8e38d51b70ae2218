import { apiClients, expect, newAccount, test, verificationLink } from './support/fixtures';

const client = apiClients();

test('a visitor finds a job on /careers, applies by signing up inline and sees it in My Applications', async ({
  page,
}) => {
  const recruiter = newAccount('recruiter', 'Rina Recruiter');
  const { api } = await client(recruiter, 'sign-up');
  const title = `Careers Journey Engineer ${Math.random().toString(36).slice(2, 8)}`;
  const posted = await api.post('/api/jobs', {
    data: {
      title,
      department: 'Engineering',
      locations: ['Lisbon'],
      workplaceType: 'hybrid',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: null,
      salaryMax: null,
      description: 'Keep our **queues** moving.',
      status: 'published',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const jobId = ((await posted.json()) as { id: string }).id;

  // Signed out: the list, its search, the job's page.
  await page.goto('/careers');
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Writes first, then signs up right there; the letter survives the verification mail.
  const letter = 'I have kept queues moving for five years.';
  await page.getByLabel('Cover letter').fill(letter);
  // A résumé chosen before signing up is kept too (nothing the visitor gave is lost).
  await page.locator('input[type="file"]').setInputFiles({
    name: 'vera-cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
  });
  const visitor = newAccount('candidate', 'Vera Visitor');
  const signUp = page.getByRole('form', { name: 'Create an account' });
  await signUp.getByLabel('Full Name').fill(visitor.name);
  await signUp.getByLabel('Email').fill(visitor.email);
  await signUp.getByLabel('Password', { exact: true }).fill(visitor.password);
  await signUp.getByLabel('Confirm Password').fill(visitor.password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your e-mail to finish signing up')).toBeVisible();

  // The mailed link signs in and leads back to the application, the letter kept.
  await page.goto(await verificationLink(visitor.email));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('Cover letter')).toHaveValue(letter);
  await expect(page.getByText('vera-cv.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Application' }).click();

  await page.waitForURL('**/candidate/applications');
  await expect(page.getByText(title).first()).toBeVisible();
  const applications = await api.get(`/api/jobs/${jobId}/applications`);
  expect(await applications.text()).toContain('vera-cv.pdf');
});

test('a job page opened from outside shows the job before any app code, and Apply brings the form', async ({
  page,
}) => {
  const recruiter = newAccount('recruiter', 'Lena Light');
  const { api } = await client(recruiter, 'sign-up');
  const title = `Light Page Engineer ${Math.random().toString(36).slice(2, 8)}`;
  const posted = await api.post('/api/jobs', {
    data: {
      title,
      department: 'Engineering',
      locations: ['Porto'],
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: null,
      salaryMax: null,
      description: 'Make pages **light**.',
      status: 'published',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // Any slug: the server sends the job's one address.
  await page.goto(`/careers/x-${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    scripts.every((s) => /careers-job|preload/.test(s)),
    scripts.join(', '),
  ).toBe(true);

  await page.getByRole('link', { name: 'Apply' }).click();
  await expect(page.getByLabel('Cover letter')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(page.url()).toMatch(/#apply$/);
});
