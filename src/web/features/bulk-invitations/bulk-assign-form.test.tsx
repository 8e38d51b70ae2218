import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkResult } from '../../../domain/bulk-invitations';
import { renderRoutes } from '../../test/render-routes';
import { screenWidth } from '../../test/screen-width';
import { BulkAssignForm } from './bulk-assign-form';

/** The upload's per-row result at 375 px: a card per row, the outcome and its reason on it. */

// The growing text box listens for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result: BulkResult = {
  rows: [
    {
      row: 2,
      name: 'Priya Patel',
      email: 'priya.patel.with.a.long.address@example.test',
      dueDate: '2030-03-05',
      outcome: 'assigned',
      reason: null,
      assessmentId: 'a9',
    },
    {
      row: 3,
      name: 'Sam Taylor',
      email: 'sam@example.test',
      dueDate: '2030-03-05',
      outcome: 'skipped',
      reason: 'Already assigned this assessment',
      assessmentId: null,
    },
  ],
  assigned: 1,
  invited: 0,
  skipped: 1,
};

const template = {
  id: 't1',
  title: 'Backend Challenge',
} as unknown as Parameters<typeof BulkAssignForm>[0]['template'];
const recruiter = { id: 'r1', name: 'Rita', email: 'r@x', role: 'recruiter' as const };

describe('bulk invitation results on a phone', () => {
  it('shows a card per row with its outcome and reason, and no table', async () => {
    screenWidth('phone');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(result)),
    );
    renderRoutes(
      [{ path: '/', element: <BulkAssignForm template={template} onDone={() => {}} /> }],
      '/',
      recruiter,
    );
    await screen.findByRole('button', { name: 'Upload and assign' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['name,email\nPriya,p@x'], 'people.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload and assign' }));
    const list = await screen.findByRole('list', { name: 'Upload result' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const skipped = cards[1]!;
    expect(within(skipped).getByText('Sam Taylor')).toBeTruthy();
    expect(
      within(skipped)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Row', 'E-mail', 'Result']);
    expect(within(skipped).getByText('skipped')).toBeTruthy();
    expect(within(skipped).getByText('Already assigned this assessment')).toBeTruthy();
    expect(
      within(cards[0]!).getByText('priya.patel.with.a.long.address@example.test'),
    ).toBeTruthy();
  });
});
