import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { PAD_FILES_MAP, type Pad, type PadReplay } from '../../../../domain/pads';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { PadSession } from './pad-session';
import { CHECKPOINT_EVERY, PadReplayModel } from './replay-model';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const start = Date.UTC(2026, 2, 5, 10, 0, 0);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/**
 * A session as the server stores it: the starter file, then each person typing one
 * character at a time (each keystroke its own update, as from the editor), `gapMs` apart.
 */
function session(typing: { author: string; text: string }[], gapMs = 400) {
  const doc = new Y.Doc();
  const updates: PadReplay['updates'] = [];
  let author = 'i1';
  doc.on('update', (update: Uint8Array) => {
    updates.push({
      seq: updates.length + 1,
      at: new Date(start + updates.length * gapMs).toISOString(),
      authorId: author,
      update: toBase64(update),
    });
  });
  const files = doc.getMap<Y.Text>(PAD_FILES_MAP);
  files.set('main.py', new Y.Text('# solve it\n'));
  const text = files.get('main.py')!;
  for (const part of typing) {
    author = part.author;
    for (const ch of part.text) text.insert(text.length, ch);
  }
  return { updates, final: text.toString() };
}

const people: Pad['people'] = [
  { id: 'i1', name: 'Ivan Interviewer', role: 'interviewer' },
  { id: 'c1', name: 'Casey Candidate', role: 'candidate' },
];

function stub(replay: PadReplay, final: string) {
  const pad: Pad = {
    id: 'p1',
    interviewId: 'iv1',
    applicationId: 'a1',
    language: 'python',
    status: 'ended',
    createdAt: new Date(start).toISOString(),
    endedAt: new Date(start + 60_000).toISOString(),
    people,
    files: [
      { path: 'README.md', content: '# Task' },
      { path: 'main.py', content: final },
    ],
    access: 'read',
    team: true,
  };
  const notes = [
    {
      id: 'n1',
      authorId: 'i1',
      authorName: 'Ivan Interviewer',
      text: 'Talked through the edge cases',
      createdAt: new Date(start).toISOString(),
      updatedAt: new Date(start).toISOString(),
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/replay')
        ? Response.json(replay)
        : url.endsWith('/notes')
          ? Response.json(notes)
          : Response.json(pad),
    ),
  );
}

const editorText = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n');

describe('the pad session on the scorecard', () => {
  it('shows the notes and the final code, and its replay scrubs from the starter file to the final text', {
    timeout: 20_000,
  }, async () => {
    const { updates, final } = session([
      { author: 'c1', text: 'def add(a, b):\n' },
      { author: 'i1', text: '    # and negatives?\n' },
      { author: 'c1', text: '    return a + b\n' },
    ]);
    stub(
      {
        updates,
        runs: [
          {
            id: 'r1',
            status: 'done',
            output: '2 passed',
            passed: 2,
            failed: 0,
            requestedBy: 'c1',
            createdAt: new Date(start + 10_000).toISOString(),
            finishedAt: new Date(start + 11_000).toISOString(),
          },
        ],
      },
      final,
    );
    await i18n.loadNamespaces(['pad-sessions']);
    renderRoutes([{ path: '/', element: <PadSession padId="p1" /> }], '/');

    fireEvent.click(await screen.findByRole('button', { name: 'Interviewer notes (1)' }));
    expect(await screen.findByText('Talked through the edge cases')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Final code' }));
    await waitFor(() => expect(editorText('pad-final-code')).toBe(final));

    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    const slider = await screen.findByRole('slider', {}, { timeout: 10_000 });
    // It opens on the starter file, before anyone typed.
    expect(editorText('pad-replay-editor')).toBe('# solve it\n');
    expect(screen.getByTestId('pad-replay-status').textContent).toBe(
      'The starter files, before anyone typed',
    );
    expect(screen.getByRole('button', { name: /^Run at .+: Finished$/ })).toBeTruthy();
    expect(screen.getByText('Casey Candidate')).toBeTruthy();

    fireEvent.keyDown(slider, { key: 'End' });
    await waitFor(() => expect(editorText('pad-replay-editor')).toBe(final));
    expect(screen.getByTestId('pad-replay-status').textContent).toBe(
      'End of the session: Casey Candidate typed last, in main.py',
    );
    // And back: the states are rebuilt from a checkpoint, not kept.
    fireEvent.keyDown(slider, { key: 'Home' });
    await waitFor(() => expect(editorText('pad-replay-editor')).toBe('# solve it\n'));
  });
});

describe('the replay model', () => {
  it('reaches the same text at every position, forward or seeking back from a checkpoint', () => {
    const long = 'x'.repeat(CHECKPOINT_EVERY * 2 + 37);
    const { updates, final } = session([{ author: 'c1', text: long }]);
    const model = new PadReplayModel({ updates });
    // Opening applies what the first frame needs, not the whole session.
    model.seek(1);
    expect(model.count).toBe(1);
    expect(model.files()[0]?.content).toBe('# solve it\n');
    model.seek(updates.length);
    expect(model.files()[0]?.content).toBe(final);
    for (const at of [CHECKPOINT_EVERY * 2 + 5, CHECKPOINT_EVERY + 1, 3, 1, 0]) {
      model.seek(at);
      const expected = at === 0 ? undefined : `# solve it\n${long.slice(0, at - 1)}`;
      expect(model.files()[0]?.content, String(at)).toBe(expected);
    }
    // The update just before a position is applied alone: the file it typed in is known.
    expect(model.touchedBy(2)).toEqual(['main.py']);
    model.destroy();
  });
});
