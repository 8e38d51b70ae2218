import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { PlaybackButton } from './playback-button';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const at = Date.UTC(2026, 2, 5, 10, 0, 0);

describe('Playback in the reader language', () => {
  it('shows the player, its markers, legend and times in German', { timeout: 20_000 }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          fileName: 'cart.js',
          events: [
            { k: 's', x: 'a', r: 'open', at, p: 1 },
            { k: 'c', c: [1, [0, 'bc']], m: 'paste', at: at + 5000, p: 1 },
            { k: 'f', op: 'rename', path: 'kasse.js', to: 'cart.js', at: at + 5500, p: 1 },
          ],
          testRuns: [
            {
              id: 'r1',
              at: at + 6000,
              trigger: 'candidate',
              status: 'failed',
              passed: 2,
              failed: 1,
            },
          ],
          savedText: 'abc',
          rawBytes: 10,
          storedBytes: 10,
        }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['playback', 'test-runs']);
    renderRoutes(
      [{ path: '/', element: <PlaybackButton assessmentId="a1" fileName="cart.js" /> }],
      '/',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Wiedergabe' }));
    expect(
      await screen.findByRole('button', { name: 'Abspielen' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Einfügungen: 1')).toBeTruthy();
    expect(screen.getByText('Testläufe: 1')).toBeTruthy();
    // Times of day the German way: 24 hours, no AM/PM.
    expect(screen.getByRole('button', { name: /^Eingefügt um \d{2}:\d{2}:\d{2}$/ })).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: /^Testlauf \(Kandidat\) um \d{2}:\d{2}:\d{2}: Fehlgeschlagen, 2 bestanden, 1 fehlgeschlagen$/,
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('playback-status').textContent).toBe('Angehalten');
    expect(screen.getByText('Dateiänderungen: 1')).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: /^kasse\.js um \d{2}:\d{2}:\d{2} in cart\.js umbenannt$/,
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('playback-file').textContent).toBe('Datei: kasse.js');
  });
});

describe("The file's own changes on the timeline (issue 24)", () => {
  it('marks the create and the rename among the edits, and replays to them in order', {
    timeout: 20_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          fileName: 'lib/discounts.js',
          events: [
            { k: 'f', op: 'create', path: 'util.js', x: '', at, p: 1 },
            { k: 's', x: '', r: 'open', at, p: 1 },
            { k: 'c', c: [[0, 'one']], at: at + 1000, p: 1 },
            { k: 'f', op: 'rename', path: 'util.js', to: 'lib/discounts.js', at: at + 2000, p: 1 },
            { k: 's', x: 'one', r: 'open', at: at + 2000, p: 1 },
            { k: 'c', c: [3, [0, ' two']], at: at + 3000, p: 1 },
          ],
          testRuns: [],
          savedText: 'one two',
          rawBytes: 10,
          storedBytes: 10,
        }),
      ),
    );
    renderRoutes(
      [{ path: '/', element: <PlaybackButton assessmentId="a1" fileName="lib/discounts.js" /> }],
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Playback' }));
    await screen.findByRole('button', { name: 'Play' }, { timeout: 10_000 });
    const timeline = screen.getByTestId('playback-timeline');
    const marks = [...timeline.querySelectorAll('button[data-kind="file"]')];
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^util\.js created at /),
      expect.stringMatching(/^Renamed util\.js to lib\/discounts\.js at /),
    ]);
    expect(screen.getByText('File changes: 2')).toBeTruthy();
    // At the start the file has its first name...
    expect(screen.getByTestId('playback-file').textContent).toBe('File: util.js');
    // ...and from the rename on, its new one, with the text typed before it.
    fireEvent.click(marks[1]!);
    expect(screen.getByTestId('playback-file').textContent).toBe('File: lib/discounts.js');
    const editor = screen.getByTestId('playback-editor');
    await waitFor(() => expect(editor.querySelector('.cm-content')?.textContent).toBe('one'));
  });
});
