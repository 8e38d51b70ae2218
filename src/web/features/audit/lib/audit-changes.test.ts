import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields that changed, nested ones by dotted path', () => {
    expect(
      auditChanges(
        { title: 'Cart', active: true, limits: { minutes: 30, tries: 3 }, tags: ['a'] },
        { title: 'Cart v2', active: true, limits: { minutes: 60, tries: 3 }, tags: ['a'] },
      ),
    ).toEqual([
      {
        path: 'title',
        before: { kind: 'text', text: 'Cart' },
        after: { kind: 'text', text: 'Cart v2' },
      },
      {
        path: 'limits.minutes',
        before: { kind: 'number', value: 30 },
        after: { kind: 'number', value: 60 },
      },
    ]);
  });

  it('lists every field of a created thing, with nothing before', () => {
    expect(auditChanges(null, { role: 'admin', banned: false })).toEqual([
      { path: 'role', before: { kind: 'none' }, after: { kind: 'text', text: 'admin' } },
      { path: 'banned', before: { kind: 'none' }, after: { kind: 'boolean', value: false } },
    ]);
  });

  it('summarises arrays: values listed, records counted; dates recognised', () => {
    const [recruiters, tasks, updated] = auditChanges(
      { recruiters: ['r1'], tasks: [{ id: 1 }], updatedAt: null },
      {
        recruiters: ['r1', 'r2'],
        tasks: [{ id: 1 }, { id: 2 }],
        updatedAt: '2026-03-05T10:00:00.000Z',
      },
    );
    expect(recruiters?.after).toEqual({ kind: 'list', items: ['r1', 'r2'] });
    expect(tasks).toEqual({
      path: 'tasks',
      before: { kind: 'records', count: 1 },
      after: { kind: 'records', count: 2 },
    });
    expect(updated?.after).toEqual({ kind: 'date', iso: '2026-03-05T10:00:00.000Z' });
  });

  it('shows a scalar before/after as one unnamed value, and nothing when equal', () => {
    expect(auditChanges('draft', 'published')).toEqual([
      {
        path: '—',
        before: { kind: 'text', text: 'draft' },
        after: { kind: 'text', text: 'published' },
      },
    ]);
    expect(auditChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
