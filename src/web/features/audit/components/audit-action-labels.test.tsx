import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { humaniseAction } from '../lib/action-label';
import { AuditLogScreen } from './audit-log-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };
const entryFor = (id: number, action: string) => ({
  id,
  actorId: 'a1',
  actorName: 'Ada Admin',
  action,
  targetType: 'setting',
  targetId: null,
  before: { on: false },
  after: { on: true },
  createdAt: '2026-03-05T10:00:00.000Z',
});

/** Every action the server writes (src/server: `action: '…'`, job.${…}, user.${…}). */
const SERVER_ACTIONS = [
  'ai.call',
  'ai.settings',
  'application.move',
  'application.note',
  'assessment.due-date',
  'assessment.evaluate',
  'assessment.identity-reveal',
  'department.archive',
  'department.create',
  'department.delete',
  'department.rename',
  'department.restore',
  'department.update',
  'integrations.test-mail',
  'job.archive',
  'job.close',
  'job.delete',
  'job.publish',
  'job.reassign',
  'job.reopen',
  'job.unpublish',
  'job.update',
  'pad.create',
  'pad.end',
  'settings.feedback.update',
  'settings.general.update',
  'settings.security.update',
  'template.ai-settings',
  'template.create',
  'template.delete',
  'template.project-upload',
  'template.update',
  'user.ban-user',
  'user.create-user',
  'user.erase',
  'user.export',
  'user.impersonate-user',
  'user.password-reset',
  'user.remove-user',
  'user.revoke-user-session',
  'user.revoke-user-sessions',
  'user.set-role',
  'user.set-user-password',
  'user.stop-impersonating',
  'user.unban-user',
  'user.update-user',
];
const UNKNOWN = 'reports.weekly-digest.send';

function stubServer(actions: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path.startsWith('/api/audit')
        ? Response.json({ entries: actions.map((a, i) => entryFor(i + 1, a)), nextCursor: null })
        : Response.json({}, { status: 404 }),
    ),
  );
}

/** A dotted lower-case name, the way a raw action or a catalogue key reads. */
const DOTTED = /\b[a-z][a-z-]*(?:\.[a-z][a-z-]*)+\b/g;

describe.each(['en', 'de', 'es', 'fr', 'ja'])('the audit log in %s', (language) => {
  it('names every action in words, never as its dotted key', async () => {
    await i18n.changeLanguage(language);
    stubServer([...SERVER_ACTIONS, UNKNOWN]);
    renderRoutes([{ path: '/admin/logs', element: <AuditLogScreen /> }], '/admin/logs', admin);
    const table = await screen.findByRole('table');
    const text = table.textContent ?? '';
    expect(text.match(DOTTED) ?? []).toEqual([]);
    // An action without a label reads as words too.
    expect(text).toContain('Reports › weekly digest › send');
  });
});

describe('humaniseAction', () => {
  it('turns the dotted name into words', () => {
    expect(humaniseAction('settings.feedback.update')).toBe('Settings › feedback › update');
    expect(humaniseAction('user.set-role')).toBe('User › set role');
  });
});
