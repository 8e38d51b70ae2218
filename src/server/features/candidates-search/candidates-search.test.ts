import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import type { CandidatePage } from '../../../domain/candidate-search';
import { candidateSearch, recruiterAssignment, user } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let recruiter: TestUser;
let otherRecruiter: TestUser;
let admin: TestUser;
let alice: TestUser;
let bruno: TestUser;
let chen: TestUser;
let dana: TestUser;
let hidden: TestUser;

type Form = Partial<{
  title: string;
  location: string;
  skills: string;
  experience: string;
  bio: string;
  jobPreferences: Partial<{ jobType: string[]; remote: boolean; location: string[] }>;
  discoverable: boolean;
}>;

const saveProfile = async (who: TestUser, form: Form & { name?: string }) => {
  const res = await t.request('/api/profile', {
    method: 'PUT',
    as: who,
    json: { name: who.name, jobPreferences: {}, ...form },
  });
  if (res.status !== 200) throw new Error(`profile save: ${res.status} ${await res.text()}`);
};

const search = async (as: TestUser, query = '') => {
  const res = await t.request(`/api/candidates${query ? `?${query}` : ''}`, { as });
  expect(res.status).toBe(200);
  return (await res.json()) as CandidatePage;
};
const names = (page: CandidatePage) => page.items.map((i) => i.name);

beforeAll(async () => {
  t = await createTestApp();
  recruiter = await t.createUser('recruiter', { name: 'Rita Recruiter' });
  otherRecruiter = await t.createUser('recruiter', { name: 'Omar Recruiter' });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  alice = await t.createUser('candidate', { name: 'Alice Johnson' });
  bruno = await t.createUser('candidate', { name: 'Bruno Keller' });
  chen = await t.createUser('candidate', { name: 'Chen Wei' });
  dana = await t.createUser('candidate', { name: 'Dana Okafor' });
  hidden = await t.createUser('candidate', { name: 'Hana Hidden' });
  await saveProfile(alice, {
    title: 'Senior Backend Developer',
    location: 'Berlin, Germany',
    skills: 'TypeScript, Node.js, PostgreSQL',
    experience: '5-10',
    bio: 'Builds payment APIs and mentors developers.',
    jobPreferences: { jobType: ['full-time'], remote: true, location: ['Munich'] },
  });
  await saveProfile(bruno, {
    title: 'Data Scientist',
    location: 'Zurich',
    skills: 'Python, Pandas, Machine Learning',
    experience: '3-5',
    bio: 'Forecasting demand with TypeScript dashboards on the side.',
    jobPreferences: { jobType: ['contract', 'part-time'], remote: false },
  });
  await saveProfile(chen, {
    title: 'Frontend Engineer',
    location: 'London',
    skills: 'React, TypeScript, CSS',
    experience: '1-3',
    bio: 'Accessible interfaces.',
    jobPreferences: { jobType: ['full-time', 'internship'], remote: true },
  });
  await saveProfile(dana, {
    title: 'DevOps Engineer',
    location: 'Lagos',
    skills: 'Kubernetes, Terraform, Go',
    experience: '10+',
    bio: 'Runs platforms.',
  });
  await saveProfile(hidden, {
    title: 'Backend Developer',
    location: 'Berlin',
    skills: 'TypeScript, Rust',
    experience: '3-5',
    discoverable: false,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/candidates: who may search', () => {
  it('answers 401 signed out and 403 to candidates', async () => {
    expect((await t.request('/api/candidates')).status).toBe(401);
    const res = await t.request('/api/candidates?q=typescript', { as: alice });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBeTruthy();
    expect((await t.request(`/api/candidates/${bruno.id}`, { as: alice })).status).toBe(403);
  });

  it('lets recruiters and admins search', async () => {
    expect((await search(recruiter, 'q=typescript')).total).toBe(3);
    expect((await search(admin, 'q=typescript')).total).toBe(3);
  });
});

describe('GET /api/candidates: matching and ranking', () => {
  it('finds by skill, ranking a skill above a mention in the bio', async () => {
    const page = await search(recruiter, 'q=typescript');
    expect(names(page)).toHaveLength(3);
    expect(names(page).at(-1)).toBe('Bruno Keller'); // only in his bio
    expect(page.items[0]!.skills).toContain('TypeScript');
    expect(page.items[0]!.score).toBeGreaterThan(page.items[2]!.score);
  });

  it('finds a misspelt skill, name and place', async () => {
    expect(names(await search(recruiter, 'q=Typscript'))).toEqual(
      expect.arrayContaining(['Alice Johnson', 'Chen Wei']),
    );
    expect(names(await search(recruiter, 'q=Kubernets'))).toEqual(['Dana Okafor']);
    expect(names(await search(recruiter, 'q=Pythn'))).toEqual(['Bruno Keller']);
    expect(names(await search(recruiter, 'q=Okafro'))).toEqual(['Dana Okafor']);
    expect(names(await search(recruiter, 'q=Zurik'))).toEqual(['Bruno Keller']);
  });

  it('matches title words by stem and prefix, bio words, and needs every word', async () => {
    expect(names(await search(recruiter, 'q=developing'))).toEqual(['Alice Johnson']);
    expect(names(await search(recruiter, 'q=engin'))).toEqual(
      expect.arrayContaining(['Chen Wei', 'Dana Okafor']),
    );
    expect(names(await search(recruiter, 'q=forecasting'))).toEqual(['Bruno Keller']);
    expect(names(await search(recruiter, 'q=typescript%20london'))).toEqual(['Chen Wei']);
    expect(names(await search(recruiter, 'q=munich'))).toEqual(['Alice Johnson']);
    expect((await search(recruiter, 'q=cobol')).items).toEqual([]);
  });

  it('ignores punctuation a query might carry', async () => {
    expect(
      names(await search(recruiter, `q=${encodeURIComponent("'typescript' & (|!")}`)),
    ).toHaveLength(3);
    expect((await search(recruiter, `q=${encodeURIComponent(':*&|')}`)).total).toBe(4);
  });

  it('without words lists every discoverable candidate, fullest profiles first', async () => {
    const page = await search(recruiter);
    expect(page.total).toBe(4);
    expect(names(page)).not.toContain('Hana Hidden');
  });
});

describe('GET /api/candidates: filters', () => {
  it('filters by skills (all of them, any case)', async () => {
    expect(names(await search(recruiter, 'skills=typescript&skills=React'))).toEqual(['Chen Wei']);
    expect(names(await search(recruiter, 'skills=node.js,postgresql'))).toEqual(['Alice Johnson']);
  });

  it('filters by location, preferred locations included', async () => {
    expect(names(await search(recruiter, 'location=berlin'))).toEqual(['Alice Johnson']);
    expect(names(await search(recruiter, 'location=Munich'))).toEqual(['Alice Johnson']);
    expect((await search(recruiter, `location=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by remote, experience band and job type', async () => {
    expect(names(await search(recruiter, 'remote=true')).sort()).toEqual([
      'Alice Johnson',
      'Chen Wei',
    ]);
    expect(names(await search(recruiter, 'remote=false')).sort()).toEqual([
      'Bruno Keller',
      'Dana Okafor',
    ]);
    expect(names(await search(recruiter, 'experience=10%2B'))).toEqual(['Dana Okafor']);
    expect(names(await search(recruiter, 'experience=1-3&experience=3-5')).sort()).toEqual([
      'Bruno Keller',
      'Chen Wei',
    ]);
    expect(names(await search(recruiter, 'jobType=internship'))).toEqual(['Chen Wei']);
    expect(names(await search(recruiter, 'jobType=contract,internship')).sort()).toEqual([
      'Bruno Keller',
      'Chen Wei',
    ]);
    expect(
      names(await search(recruiter, 'q=typescript&remote=true&jobType=full-time&experience=5-10')),
    ).toEqual(['Alice Johnson']);
  });
});

describe('GET /api/candidates: pages', () => {
  it('pages without gaps or repeats and says when there is more', async () => {
    const first = await search(recruiter, 'limit=3');
    const second = await search(recruiter, 'limit=3&page=2');
    expect(first).toMatchObject({ page: 1, limit: 3, total: 4, hasMore: true });
    expect(second).toMatchObject({ page: 2, total: 4, hasMore: false });
    const all = [...names(first), ...names(second)];
    expect(new Set(all).size).toBe(4);
    expect(names(await search(recruiter, 'limit=3'))).toEqual(names(first));
    const beyond = await search(recruiter, 'limit=3&page=9');
    expect(beyond).toMatchObject({ items: [], total: 4, hasMore: false });
  });
});

describe('GET /api/candidates: bad input', () => {
  it.each([
    ['q too long', `q=${'a'.repeat(201)}`],
    ['q with NUL', 'q=type%00script'],
    ['page 0', 'page=0'],
    ['page too deep', 'page=101'],
    ['page not a number', 'page=two'],
    ['page not whole', 'page=1.5'],
    ['limit too big', 'limit=51'],
    ['limit 0', 'limit=0'],
    ['unknown experience', 'experience=20%2B'],
    ['unknown job type', 'jobType=freelance'],
    ['remote not a boolean', 'remote=maybe'],
    ['too many skills', `skills=${Array.from({ length: 11 }, (_, i) => `s${i}`).join(',')}`],
    ['a skill too long', `skills=${'x'.repeat(51)}`],
    ['location too long', `location=${'x'.repeat(101)}`],
  ])('refuses %s with 400', async (_, query) => {
    const res = await t.request(`/api/candidates?${query}`, { as: recruiter });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBeTruthy();
    expect(body.issues.length).toBeGreaterThan(0);
  });

  it('refuses a malformed candidate id with 400', async () => {
    const res = await t.request(`/api/candidates/${encodeURIComponent('a b;drop')}`, {
      as: recruiter,
    });
    expect(res.status).toBe(400);
  });
});

describe('discoverable', () => {
  it('hides a candidate who turned it off, from search and from the profile view', async () => {
    expect(names(await search(recruiter, 'q=rust'))).toEqual([]);
    expect(names(await search(recruiter, 'q=Hana'))).toEqual([]);
    const res = await t.request(`/api/candidates/${hidden.id}`, { as: recruiter });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Candidate not found');
  });

  it('still shows them to admins and to a recruiter who assigned them an assessment', async () => {
    expect((await t.request(`/api/candidates/${hidden.id}`, { as: admin })).status).toBe(200);
    const template = await createTemplate(t, admin, {
      title: 'Warm-up',
      tasks: [{ title: 'Go', type: 'code' }],
    });
    const assigner = await t.createUser('recruiter', { name: 'Asa Assigner' });
    expect((await t.request(`/api/candidates/${hidden.id}`, { as: assigner })).status).toBe(404);
    const assigned = await t.request('/api/assessments', {
      method: 'POST',
      as: assigner,
      json: {
        templateId: template.id,
        candidateId: hidden.id,
        dueDate: defaultDueDate(),
      },
    });
    expect(assigned.status, await assigned.clone().text()).toBe(201);
    const res = await t.request(`/api/candidates/${hidden.id}`, { as: assigner });
    expect(res.status).toBe(200);
    expect((await res.json()).discoverable).toBe(false);
  });

  it("applying lets that job's recruiter open the profile, and no other recruiter", async () => {
    const owner = await t.createUser('recruiter', { name: 'Jo Owner' });
    const other = otherRecruiter;
    const newOwner = await t.createUser('recruiter', { name: 'Nia New' });
    const post = async (as: TestUser, title: string) => {
      const res = await t.request('/api/jobs', {
        method: 'POST',
        as,
        json: {
          title,
          department: 'Engineering',
          locations: ['Berlin'],
          workplaceType: 'remote',
          jobType: 'full-time',
          experience: '3-5',
          description: 'Build things.',
          status: 'published',
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const jobId = await post(owner, 'Backend role');
    await post(other, 'Another role');
    const profileAs = (as: TestUser) => t.request(`/api/candidates/${hidden.id}`, { as });
    expect((await profileAs(owner)).status).toBe(404);

    const form = new FormData();
    form.set('coverLetter', 'Hello');
    const applied = await t.request(`/api/jobs/${jobId}/applications`, {
      method: 'POST',
      as: hidden,
      body: form,
    });
    expect(applied.status).toBe(201);
    const applicationId = ((await applied.json()) as { id: string }).id;

    // The job's recruiter: the whole profile, e-mail included (the pipeline shows it too).
    const seen = await profileAs(owner);
    expect(seen.status).toBe(200);
    expect((await seen.json()).email).toBe(hidden.email);
    // Any other recruiter, even one the candidate may message: nothing.
    await t.database.db
      .insert(recruiterAssignment)
      .values({ candidateId: hidden.id, recruiterId: other.id })
      .onConflictDoNothing();
    expect((await profileAs(other)).status).toBe(404);
    expect(names(await search(owner, 'q=Hana'))).toEqual([]);

    // The consent follows the job to the recruiter an admin hands it to.
    const moved = await t.request(`/api/jobs/${jobId}/owner`, {
      method: 'PUT',
      as: admin,
      json: { recruiterId: newOwner.id },
    });
    expect(moved.status).toBe(200);
    expect((await profileAs(newOwner)).status).toBe(200);
    expect((await profileAs(owner)).status).toBe(404);

    // Withdrawing ends it.
    const withdrawn = await t.request(`/api/applications/${applicationId}/withdraw`, {
      method: 'POST',
      as: hidden,
    });
    expect(withdrawn.status).toBe(200);
    expect((await profileAs(newOwner)).status).toBe(404);
  });

  it('is on by default and follows the switch both ways', async () => {
    const profile = await (await t.request('/api/profile', { as: dana })).json();
    expect(profile.details.discoverable).toBe(true);
    await saveProfile(dana, {
      title: 'DevOps Engineer',
      skills: 'Kubernetes',
      discoverable: false,
    });
    expect(names(await search(recruiter, 'q=kubernetes'))).toEqual([]);
    await saveProfile(dana, {
      title: 'DevOps Engineer',
      location: 'Lagos',
      skills: 'Kubernetes, Terraform, Go',
      experience: '10+',
      bio: 'Runs platforms.',
      discoverable: true,
    });
    expect(names(await search(recruiter, 'q=kubernetes'))).toEqual(['Dana Okafor']);
  });

  it('refuses a discoverable that is not a boolean, changing nothing', async () => {
    const res = await t.request('/api/profile', {
      method: 'PUT',
      as: chen,
      json: { name: 'Chen Wei', discoverable: 'no' },
    });
    expect(res.status).toBe(400);
    expect(names(await search(recruiter, 'q=react'))).toEqual(['Chen Wei']);
  });
});

describe('the search document stays in step', () => {
  it('follows a new name saved in the profile or through the account API', async () => {
    await saveProfile(chen, {
      name: 'Chen Wei-Ling',
      title: 'Frontend Engineer',
      location: 'London',
      skills: 'React, TypeScript, CSS',
      experience: '1-3',
      bio: 'Accessible interfaces.',
      jobPreferences: { jobType: ['full-time', 'internship'], remote: true },
    });
    expect(names(await search(recruiter, 'q=Wei-Ling'))).toEqual(['Chen Wei-Ling']);
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      as: chen,
      json: { name: 'Chen W. Lin' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db
      .select({ name: candidateSearch.name })
      .from(candidateSearch)
      .where(eq(candidateSearch.userId, chen.id));
    expect(row!.name).toBe('Chen W. Lin');
  });

  it('drops a user who is no longer a candidate, and hides a banned one', async () => {
    const temp = await t.createUser('candidate', { name: 'Theo Temporary' });
    await saveProfile(temp, { title: 'Elixir Developer', skills: 'Elixir' });
    expect(names(await search(recruiter, 'q=elixir'))).toEqual(['Theo Temporary']);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, temp.id));
    expect(names(await search(recruiter, 'q=elixir'))).toEqual([]);
    expect((await t.request(`/api/candidates/${temp.id}`, { as: recruiter })).status).toBe(404);
    await t.database.db
      .update(user)
      .set({ banned: false, role: 'recruiter' })
      .where(eq(user.id, temp.id));
    expect(names(await search(recruiter, 'q=elixir'))).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(candidateSearch)
      .where(eq(candidateSearch.userId, temp.id));
    expect(rows).toEqual([]);
  });
});

describe('GET /api/candidates/{id}', () => {
  it('shows the profile without the phone number', async () => {
    const res = await t.request(`/api/candidates/${alice.id}`, { as: recruiter });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: alice.id,
      name: 'Alice Johnson',
      title: 'Senior Backend Developer',
      skills: ['TypeScript', 'Node.js', 'PostgreSQL'],
      experience: '5-10',
      jobPreferences: { remote: true, jobType: ['full-time'], location: ['Munich'] },
      discoverable: true,
    });
    expect(body).not.toHaveProperty('phone');
  });

  it('answers 404 for a recruiter or an unknown id', async () => {
    expect((await t.request(`/api/candidates/${recruiter.id}`, { as: admin })).status).toBe(404);
    expect((await t.request('/api/candidates/no-such-user', { as: admin })).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the search and its filters', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const params = doc.paths['/api/candidates'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['q', 'skills', 'experience', 'jobType', 'page']),
    );
  });
});
