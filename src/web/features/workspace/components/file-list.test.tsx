import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATH_TEXTS, renameProblem } from '../../../../domain/project-paths';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { FileList, type TreeEditing } from './file-list';

beforeAll(async () => {
  await i18n.loadNamespaces(['workspace']);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const FILES = ['src/cart.js', 'src/lib/discounts.js', 'README.md', 'test/cart.test.js'];
const RULES = { hidden: [], visibleTests: ['test/cart.test.js'], candidatesMayEditTests: false };

function renderList(onRename = vi.fn()) {
  const editing: TreeEditing = {
    check: () => null,
    // As the workspace checks it: the rules the server enforces.
    checkRename: (from, to) => renameProblem(FILES, from, to, RULES),
    onCreate: vi.fn(),
    onRename,
    onDelete: vi.fn(),
  };
  render(
    <MantineProvider theme={theme} env="test">
      <FileList
        projectName="cart"
        branch="main"
        fileNames={FILES}
        selected="src/cart.js"
        unsaved={new Set()}
        onSelect={() => {}}
        editing={editing}
      />
    </MantineProvider>,
  );
  return onRename;
}

function openFolderRename(folder: string) {
  // Each menu button is named after its folder, not 'More folder actions' everywhere.
  fireEvent.click(screen.getByRole('button', { name: `More actions for the folder ${folder}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Rename or move' }));
  return screen.getByTestId('path-input') as HTMLInputElement;
}

describe('renaming a folder in the tree (issue 24)', () => {
  it('lists each folder before its files, with its own Rename or move', () => {
    renderList();
    const list = screen.getByRole('navigation', { name: 'Project files' }).querySelector('ul')!;
    const rows = [...list.querySelectorAll('li')].map((li) => li.textContent?.replace('⋯', ''));
    expect(rows).toEqual([
      'src/',
      'src/cart.js',
      'src/lib/',
      'src/lib/discounts.js',
      'README.md',
      'test/',
      'test/cart.test.js',
    ]);
  });

  it('names the broken rule as the candidate types, and renames the folder once it is fine', () => {
    const onRename = renderList();
    const input = openFolderRename('src');
    expect(input.value).toBe('src');
    expect(screen.getByLabelText('Rename or move the folder src')).toBe(input);

    fireEvent.change(input, { target: { value: 'README.md' } });
    expect(screen.getByText(PATH_TEXTS.fileInTheWay('README.md'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onRename).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '../app' } });
    expect(screen.getByText('A path has no "." or ".." parts')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'app/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledWith('src', 'app');
    expect(screen.queryByTestId('path-input')).toBeNull();
  });

  it('a folder holding a protected test cannot move', () => {
    const onRename = renderList();
    const input = openFolderRename('test');
    fireEvent.change(input, { target: { value: 'spec' } });
    expect(screen.getByText(PATH_TEXTS.protectedPath('test/cart.test.js'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onRename).not.toHaveBeenCalled();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace']);
    renderList();
    fireEvent.click(
      screen.getByRole('button', { name: 'Weitere Aktionen für den Ordner src/lib' }),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Umbenennen oder verschieben' }));
    expect(screen.getByLabelText('Ordner src/lib umbenennen oder verschieben')).toBeTruthy();
  });
});
