import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { type Column, ResponsiveTable } from './responsive-table';

type Row = { id: string; name: string; stage: string };
const rows: Row[] = [
  { id: '1', name: 'Priya Patel', stage: 'Offer' },
  { id: '2', name: 'Casey Chen', stage: 'Screening' },
];
const columns: Column<Row>[] = [
  { key: 'name', card: 'title', header: 'Candidate', cell: (r) => r.name },
  { key: 'stage', header: 'Stage', cell: (r) => r.stage },
  {
    key: 'open',
    card: 'end',
    hiddenHeader: true,
    header: 'Open',
    cell: (r) => <button type="button">Open {r.name}</button>,
  },
];

/** The table as a screen of the given width sees it (matchMedia answers for the breakpoint). */
function renderAt(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: wide,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
  render(
    <MantineProvider theme={theme} env="test">
      <ResponsiveTable label="Applications" rows={rows} columns={columns} rowKey={(r) => r.id} />
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResponsiveTable', () => {
  it('is a table with every column on a wide screen', () => {
    renderAt(true);
    const table = screen.getByRole('table', { name: 'Applications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Candidate', 'Stage', 'Open']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('is a list of cards on a narrow one, each field labelled and nothing left out', () => {
    renderAt(false);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Applications' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Priya Patel')).toBeTruthy();
    expect(within(first).getByRole('term').textContent).toBe('Stage');
    expect(within(first).getByRole('definition').textContent).toBe('Offer');
    expect(within(first).getByRole('button', { name: 'Open Priya Patel' })).toBeTruthy();
  });
});
