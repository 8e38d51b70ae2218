import { describe, expect, it } from 'vitest';
import {
  DUE_DATE_SLACK_DAYS,
  defaultDueDate,
  earliestDueDate,
  formatDuration,
  keepTitledTasks,
  languageOf,
  progressOf,
  recruiterMayUse,
  statusBadge,
  submissionSummary,
  timeRemainingMs,
  toggleAll,
} from './assessments';

const tasks = (...done: boolean[]) => done.map((completed, i) => ({ id: `t${i}`, completed }));

describe('progress (spec section 4)', () => {
  it('is the rounded percentage of completed tasks, 0 without tasks', () => {
    expect(progressOf([])).toBe(0);
    expect(progressOf(tasks(true, false, false))).toBe(33);
    expect(progressOf(tasks(true, true, false))).toBe(67);
    expect(progressOf(tasks(true, false))).toBe(50);
    expect(progressOf(tasks(true, true))).toBe(100);
  });
});

describe('toggle all', () => {
  it('ticks everything when anything is open, without completing the assessment', () => {
    const result = toggleAll(tasks(true, false));
    expect(result.status).toBe('in-progress');
    expect(result.tasks.map((t) => t.completed)).toEqual([true, true]);
  });

  it('reopens everything when all are done', () => {
    const result = toggleAll(tasks(true, true));
    expect(result.status).toBe('in-progress');
    expect(result.tasks.map((t) => t.completed)).toEqual([false, false]);
  });

  it('keeps the other task fields', () => {
    expect(toggleAll([{ id: 'x', title: 'T', completed: false }]).tasks[0]).toEqual({
      id: 'x',
      title: 'T',
      completed: true,
    });
  });
});

describe('submission and status', () => {
  it('the Submit step lists done, open and unanswered written tasks', () => {
    const list = [
      { id: 'a', title: 'Code', type: 'code' as const, completed: true },
      { id: 'b', title: 'Explain', type: 'text' as const, completed: true },
      { id: 'c', title: 'Document', type: 'document' as const, completed: false },
    ];
    const summary = submissionSummary(list, { b: '  ', c: '# Notes' });
    expect(summary.done.map((t) => t.id)).toEqual(['a', 'b']);
    expect(summary.open.map((t) => t.id)).toEqual(['c']);
    expect(summary.unanswered.map((t) => t.id)).toEqual(['b']);
  });

  it('badges: Upcoming, In Progress, Completed, else Unknown', () => {
    expect(
      ['scheduled', 'in-progress', 'completed', 'archived'].map((s) => statusBadge(s).label),
    ).toEqual(['Upcoming', 'In Progress', 'Completed', 'Unknown']);
  });
});

describe('due date default', () => {
  it('is today plus seven days, across a month and a year end', () => {
    expect(defaultDueDate(new Date(2026, 10, 21))).toBe('2026-11-28');
    expect(defaultDueDate(new Date(2026, 11, 28))).toBe('2027-01-04');
    expect(defaultDueDate(new Date(2028, 1, 25))).toBe('2028-03-03');
  });
});

describe('earliest due date', () => {
  it('is today in the browser and yesterday on the server, across a month and a year end', () => {
    expect(earliestDueDate(new Date(2026, 10, 21, 12))).toBe('2026-11-21');
    expect(earliestDueDate(new Date(2026, 11, 1, 12), DUE_DATE_SLACK_DAYS)).toBe('2026-11-30');
    expect(earliestDueDate(new Date(2027, 0, 1, 12), DUE_DATE_SLACK_DAYS)).toBe('2026-12-31');
  });
});

describe('templates', () => {
  it('keep only tasks with a title', () => {
    expect(
      keepTitledTasks([{ title: 'A' }, { title: '  ' }, { title: '' }, { title: 'B' }]),
    ).toEqual([{ title: 'A' }, { title: 'B' }]);
  });

  it('an empty authorisation list means every recruiter; inactive means none', () => {
    expect(recruiterMayUse({ active: true, authorizedRecruiters: [] }, 'r1')).toBe(true);
    expect(recruiterMayUse({ active: true, authorizedRecruiters: ['r2'] }, 'r1')).toBe(false);
    expect(recruiterMayUse({ active: true, authorizedRecruiters: ['r1'] }, 'r1')).toBe(true);
    expect(recruiterMayUse({ active: false, authorizedRecruiters: [] }, 'r1')).toBe(false);
  });
});

describe('workspace', () => {
  it('counts down from the real start and the duration', () => {
    const start = '2026-11-21T10:00:00.000Z';
    const now = Date.parse('2026-11-21T10:14:30.000Z');
    expect(timeRemainingMs(null, 2, now)).toBeNull();
    expect(formatDuration(timeRemainingMs(start, 3, now)!)).toBe('2:45:30');
    expect(timeRemainingMs(start, 1, Date.parse('2026-11-21T12:00:00.000Z'))).toBe(0);
  });

  it('picks the language from the extension, plain text for anything else (issue 24)', () => {
    const cases: [string, string][] = [
      ['a.ts', 'typescript'],
      ['src/App.TSX', 'typescript'],
      ['x.js', 'javascript'],
      ['x.jsx', 'javascript'],
      ['x.mjs', 'javascript'],
      ['data.json', 'json'],
      ['README.md', 'markdown'],
      ['site.css', 'css'],
      ['index.html', 'html'],
      ['q.sql', 'sql'],
      ['ci.yml', 'yaml'],
      ['ci.yaml', 'yaml'],
      ['main.py', 'python'],
      ['main.go', 'go'],
      ['Main.java', 'java'],
      ['Makefile', 'text'],
      ['.env', 'text'],
      ['notes.txt', 'text'],
      ['archive.tar.gz', 'text'],
      ['src.ts/README', 'text'],
    ];
    for (const [name, language] of cases) expect(languageOf(name), name).toBe(language);
  });
});
