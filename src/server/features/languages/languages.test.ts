import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setting, user } from '../../db/schema';
import { SETTINGS_CHANGED } from '../../realtime/event-bus';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { languageOfUser } from './languages.service';

let t: TestApp;
let candidate: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  candidate = await t.signUp({ name: 'Cara Candidate', accountType: 'candidate' });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await t?.close();
});

const choose = (as: TestUser | null, json: unknown) =>
  t.request('/api/profile/language', { method: 'PUT', as, json });

const sessionLanguage = async (as: TestUser) =>
  (
    (await (await t.request('/api/auth/get-session', { as })).json()) as {
      user: { language?: unknown };
    }
  ).user.language;

describe('PUT /api/profile/language', () => {
  it('keeps the choice, and the very next session read carries it', async () => {
    expect(await sessionLanguage(candidate)).toBeNull();
    const res = await choose(candidate, { language: 'de' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'de' });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, candidate.id));
    expect(row?.language).toBe('de');
    expect(await sessionLanguage(candidate)).toBe('de');
  });

  it('refuses a language the product does not have, and changes nothing', async () => {
    const res = await choose(candidate, { language: 'pt' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/English, French, German, Spanish or Japanese/);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, candidate.id));
    expect(row?.language).toBe('de');
  });

  it('cannot be set through better-auth update-user', async () => {
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      as: candidate,
      json: { language: 'ja' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, candidate.id));
    expect(row?.language).toBe('de');
  });

  it('answers 401 signed out', async () => {
    expect((await choose(null, { language: 'fr' })).status).toBe(401);
  });
});

describe("the admin's default language", () => {
  it('is English until set, shows in the public config, and is kept when the duration is saved', async () => {
    expect((await (await t.request('/api/config')).json()).defaultLanguage).toBe('en');
    let res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultDurationHours: 3, defaultLanguage: 'ja' },
    });
    expect(res.status).toBe(200);
    res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultDurationHours: 4 },
    });
    expect(await res.json()).toEqual({ defaultDurationHours: 4, defaultLanguage: 'ja' });
    // Only the language: the duration stays (the General tab's fields are saved alike).
    res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultLanguage: 'fr' },
    });
    expect(await res.json()).toEqual({ defaultDurationHours: 4, defaultLanguage: 'fr' });
    res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultLanguage: 'ja' },
    });
    expect((await (await t.request('/api/config')).json()).defaultLanguage).toBe('ja');
  });

  it('follows a change another server made once the bus says so (the public config keeps it)', async () => {
    const config = async () => (await (await t.request('/api/config')).json()).defaultLanguage;
    expect(await config()).toBe('ja');
    // Another server saved it: this one has heard nothing yet.
    await t.database.db
      .update(setting)
      .set({ value: { defaultDurationHours: 4, defaultLanguage: 'de' } })
      .where(eq(setting.key, 'assessments'));
    expect(await config()).toBe('ja');
    // On PostgreSQL the bus is LISTEN/NOTIFY: wait until this server has heard it (the app
    // subscribed first, so it has emptied its copy by then).
    const heard = new Promise<void>((resolve) => {
      const off = t.bus.subscribe(({ event }) => {
        if (event.type !== 'settings.changed') return;
        off();
        resolve();
      });
    });
    await t.bus.publish(SETTINGS_CHANGED);
    await heard;
    expect(await config()).toBe('de');
    // Put back as the tests below expect it.
    await t.request('/api/settings', { method: 'PUT', as: admin, json: { defaultLanguage: 'ja' } });
    expect(await config()).toBe('ja');
  });

  it('is the language of mails to someone who never chose; a choice wins', async () => {
    const fresh = await t.signUp({ name: 'Nina New', accountType: 'candidate' });
    expect(await languageOfUser(t.database.db, fresh.id)).toBe('ja');
    expect(await languageOfUser(t.database.db, candidate.id)).toBe('de');
  });

  it('refuses an unknown default', async () => {
    const res = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultDurationHours: 2, defaultLanguage: 'xx' },
    });
    expect(res.status).toBe(400);
  });
});
