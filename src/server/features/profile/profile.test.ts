import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageForm, PNG_1PX } from '../../../../tests/fixtures/images';
import { user } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let candidate: TestUser;
let recruiter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  candidate = await t.signUp({ name: 'Cara Candidate', accountType: 'candidate' });
  recruiter = await t.signUp({ name: 'Rex Recruiter', accountType: 'recruiter' });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await t?.close();
});

const put = (as: TestUser | null, json: unknown) =>
  t.request('/api/profile', { method: 'PUT', as, json });

const candidateForm = {
  name: 'Cara C. Candidate',
  phone: '+44 20 7946 0000',
  location: 'London',
  title: 'Backend Developer',
  skills: 'TypeScript, PostgreSQL',
  experience: '3-5',
  bio: 'Builds APIs.',
  education: 'BSc Computer Science',
  jobPreferences: {
    jobType: ['full-time', 'contract'],
    remote: true,
    salary: { min: 50000, max: 70000, currency: 'GBP' },
    location: ['London', 'Remote'],
  },
};

describe('GET /api/profile', () => {
  it('returns the signed-in user with defaults for an empty profile', async () => {
    const res = await t.request('/api/profile', { as: candidate });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: candidate.id,
      name: 'Cara Candidate',
      email: candidate.email,
      role: 'candidate',
      image: null,
    });
    expect(body.details.jobPreferences.salary.currency).toBe('USD');
    expect(body.details.notificationPreferences).toEqual({ email: true, browser: true });
  });

  it('answers 401 signed out', async () => {
    const res = await t.request('/api/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'You must be logged in' });
  });
});

describe('PUT /api/profile', () => {
  it('saves every candidate field and the display name', async () => {
    const res = await put(candidate, candidateForm);
    expect(res.status).toBe(200);
    const again = await (await t.request('/api/profile', { as: candidate })).json();
    expect(again.name).toBe('Cara C. Candidate');
    const { name: _name, ...details } = candidateForm;
    expect(again.details).toMatchObject(details);
    const session = await (await t.request('/api/auth/get-session', { as: candidate })).json();
    expect(session.user.name).toBe('Cara C. Candidate');
  });

  it('keeps a field the body leaves out instead of refusing it or wiping it', async () => {
    expect((await put(candidate, candidateForm)).status).toBe(200);
    const res = await put(candidate, { bio: 'Only the bio changed' });
    expect(res.status, await res.clone().text()).toBe(200);
    const again = await (await t.request('/api/profile', { as: candidate })).json();
    expect(again.name).toBe(candidateForm.name);
    const { name: _name, ...details } = candidateForm;
    expect(again.details).toMatchObject({ ...details, bio: 'Only the bio changed' });
    // A field sent is still checked.
    expect((await put(candidate, { jobPreferences: 'remote' })).status).toBe(400);
  });

  it('saves a recruiter company and requires its name', async () => {
    const form = {
      name: 'Rex Recruiter',
      title: 'Talent Partner',
      location: 'Berlin',
      bio: '',
      company: {
        name: 'Acme',
        website: 'https://acme.example',
        industry: 'Technology',
        size: '51-200',
        description: 'Rockets',
      },
    };
    expect((await put(recruiter, form)).status).toBe(200);
    const missing = await put(recruiter, { ...form, company: { ...form.company, name: ' ' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).issues).toContainEqual({
      path: ['company', 'name'],
      message: 'Company Name is required',
    });
    const saved = await (await t.request('/api/profile', { as: recruiter })).json();
    expect(saved.details.company.name).toBe('Acme');
  });

  it('refuses a website that is not a URL', async () => {
    const res = await put(recruiter, {
      name: 'Rex',
      company: { name: 'Acme', website: 'not a url' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0]).toEqual({
      path: ['company', 'website'],
      message: 'Website must be a valid URL',
    });
  });

  it('saves admin preferences; the department is one of the departments list', async () => {
    const unknown = await put(admin, { name: 'Ada Admin', department: 'Platform' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).issues[0].path).toEqual(['department']);
    const res = await put(admin, {
      name: 'Ada Admin',
      adminLevel: 'super',
      department: 'product',
      notificationPreferences: { email: false, browser: true },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).details).toMatchObject({
      adminLevel: 'super',
      department: 'Product',
      notificationPreferences: { email: false, browser: true },
    });
  });

  it.each([
    ['an empty Full Name', { ...candidateForm, name: '  ' }, 'name: Full Name is required'],
    [
      'a salary that is not a number',
      {
        ...candidateForm,
        jobPreferences: {
          ...candidateForm.jobPreferences,
          salary: { min: 'lots', max: null, currency: 'USD' },
        },
      },
      'jobPreferences.salary.min: Must be a number',
    ],
    [
      'a maximum below the minimum',
      {
        ...candidateForm,
        jobPreferences: {
          ...candidateForm.jobPreferences,
          salary: { min: 9, max: 1, currency: 'USD' },
        },
      },
      'jobPreferences.salary.max: Maximum salary must not be below the minimum',
    ],
    ['an unknown experience', { ...candidateForm, experience: '100+' }, 'experience'],
  ])('refuses %s and changes nothing', async (_label, body, message) => {
    const before = await (await t.request('/api/profile', { as: candidate })).json();
    const res = await put(candidate, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
    expect(await (await t.request('/api/profile', { as: candidate })).json()).toEqual(before);
  });

  it('never changes the email or the role', async () => {
    for (const extra of [{ role: 'admin' }, { email: 'new@example.test' }]) {
      const res = await put(candidate, { ...candidateForm, ...extra });
      expect(res.status).toBe(400);
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.id, candidate.id));
    expect(row).toMatchObject({ role: 'candidate', email: candidate.email });
  });

  it("refuses another role's form", async () => {
    const res = await put(candidate, { name: 'X', company: { name: 'Acme' } });
    expect(res.status).toBe(400);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.request('/api/profile', {
      method: 'PUT',
      as: candidate,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
  });

  it('answers 401 signed out', async () => {
    expect((await put(null, candidateForm)).status).toBe(401);
  });
});

describe('profile image', () => {
  const upload = (as: TestUser | null, form: FormData) =>
    t.request('/api/profile/image', { method: 'POST', as, body: form });

  it('stores a real image and serves it with its type', async () => {
    const res = await upload(candidate, imageForm(PNG_1PX));
    expect(res.status).toBe(200);
    const { image } = await res.json();
    expect(image).toMatch(new RegExp(`^/api/files/profile-images/${candidate.id}\\?v=\\d+$`));
    const file = await t.request(image, { as: recruiter });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(PNG_1PX));
  });

  it('refuses a file that only claims to be an image', async () => {
    const before = (await (await t.request('/api/profile', { as: recruiter })).json()).image;
    const fake = new TextEncoder().encode('<script>alert(1)</script>');
    const res = await upload(recruiter, imageForm(fake, 'evil.png', 'image/png'));
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    expect((await (await t.request('/api/profile', { as: recruiter })).json()).image).toBe(before);
  });

  it('refuses an image over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG_1PX);
    const res = await upload(recruiter, imageForm(big));
    expect(res.status).toBe(413);
  });

  it('answers 400 without a file, 401 signed out', async () => {
    expect((await upload(candidate, new FormData())).status).toBe(400);
    expect((await upload(null, imageForm(PNG_1PX))).status).toBe(401);
    expect((await t.request(`/api/files/profile-images/${candidate.id}`)).status).toBe(401);
    expect((await t.request('/api/files/profile-images/nobody', { as: candidate })).status).toBe(
      404,
    );
  });
});
