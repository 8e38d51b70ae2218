import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileChange } from '../../../../domain/project-paths';
import { IconFile, IconFolder } from './file-icon';
import classes from './workspace.module.css';

export type FileMark = {
  change: FileChange | null;
  renamedFrom: string | null;
  protected?: boolean;
};

/** What the candidate may do in the tree (absent: the list is read-only). */
export type TreeEditing = {
  /** The first rule a new path breaks (the same rules the server enforces), or null. */
  check: (path: string, ignore?: string) => string | null;
  /** The first rule renaming or moving a folder (every file in it) breaks, or null. */
  checkRename: (from: string, to: string) => string | null;
  onCreate: (path: string) => void;
  /** A file or a folder renamed or moved. */
  onRename: (from: string, to: string) => void;
  onDelete: (path: string) => void;
};

type FileListProps = {
  projectName: string;
  branch: string;
  fileNames: string[];
  selected: string;
  /** Files with text the server has not acknowledged yet. */
  unsaved: ReadonlySet<string>;
  onSelect: (fileName: string) => void;
  /** Added, renamed and deleted files, marked (issue 24). */
  marks?: ReadonlyMap<string, FileMark>;
  editing?: TreeEditing;
};

/** Added, deleted, renamed: dark enough for 4.5:1 on white. */
const CHANGE_COLOURS: Record<FileChange, string> = {
  added: '#1e6b2e',
  deleted: '#a51d2d',
  renamed: '#1b4fa0',
};

/** The menu button's glyph (its name is its aria-label). */
const MORE = '⋯';

/** Example paths (technical tokens, the same in every language). */
const EXAMPLE_FOLDER = 'src/lib';
const EXAMPLE_FILE = 'src/util.ts';

type Form =
  | { kind: 'create' }
  | { kind: 'folder' }
  | { kind: 'rename'; from: string }
  | { kind: 'renameFolder'; from: string };

/** The folders of the files, each listed just before the first file in it (outer first). */
function withFolders(fileNames: readonly string[]): { name: string; folder: boolean }[] {
  const seen = new Set<string>();
  const rows: { name: string; folder: boolean }[] = [];
  for (const name of fileNames) {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (seen.has(folder)) continue;
      seen.add(folder);
      rows.push({ name: folder, folder: true });
    }
    rows.push({ name, folder: false });
  }
  return rows;
}

/** The project's files; choosing one opens it in the Code Editor tab. */
export function FileList({
  projectName,
  branch,
  fileNames,
  selected,
  unsaved,
  onSelect,
  marks,
  editing,
}: FileListProps) {
  const { t } = useTranslation('workspace');
  const [form, setForm] = useState<Form | null>(null);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);

  const open = (next: Form, initial: string) => {
    setForm(next);
    setValue(initial);
    setTouched(false);
  };
  const path = form?.kind === 'folder' ? `${value.replace(/\/+$/, '')}/` : value;
  const problem =
    editing && form
      ? form.kind === 'folder'
        ? editing.check(`${value.replace(/\/+$/, '')}/x`)
        : form.kind === 'renameFolder'
          ? editing.checkRename(form.from, value.replace(/\/+$/, ''))
          : editing.check(value, form.kind === 'rename' ? form.from : undefined)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!editing || !form || problem) return;
    if (form.kind === 'create') editing.onCreate(value);
    else if (form.kind === 'rename') editing.onRename(form.from, value);
    else if (form.kind === 'renameFolder') editing.onRename(form.from, value.replace(/\/+$/, ''));
    else {
      // A folder holds files: the first one is named next.
      open({ kind: 'create' }, path);
      return;
    }
    setForm(null);
  };

  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label={t('fileList.label')}>
      <Title order={2} fz="sm" mb={2} className={classes.breakAll}>
        {projectName}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" className={classes.breakAll}>
        {t('fileList.branch', { branch })}
      </Text>
      {editing ? (
        <Group gap={6} mb="xs">
          <Button size="compact-xs" variant="default" onClick={() => open({ kind: 'create' }, '')}>
            {t('fileList.newFile')}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => open({ kind: 'folder' }, '')}>
            {t('fileList.newFolder')}
          </Button>
        </Group>
      ) : null}
      {editing && form ? (
        <form
          onSubmit={submit}
          aria-label={
            form.kind === 'rename'
              ? t('fileList.renameForm')
              : form.kind === 'renameFolder'
                ? t('fileList.renameFolderForm')
                : t('fileList.newFile')
          }
        >
          <TextInput
            size="xs"
            mb="xs"
            autoFocus
            label={
              form.kind === 'rename'
                ? t('fileList.renameLabel', { path: form.from })
                : form.kind === 'renameFolder'
                  ? t('fileList.renameFolderLabel', { path: form.from })
                  : form.kind === 'folder'
                    ? t('fileList.folderName')
                    : t('fileList.filePath')
            }
            placeholder={form.kind === 'folder' ? EXAMPLE_FOLDER : EXAMPLE_FILE}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setTouched(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setForm(null);
            }}
            error={touched && value !== '' ? problem : null}
            data-testid="path-input"
          />
          <Group gap={6} mb="xs">
            <Button size="compact-xs" type="submit">
              {form.kind === 'rename' || form.kind === 'renameFolder'
                ? t('fileList.rename')
                : form.kind === 'folder'
                  ? t('fileList.next')
                  : t('fileList.create')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setForm(null)}>
              {t('fileList.cancel')}
            </Button>
          </Group>
        </form>
      ) : null}
      <ul className={classes.fileList}>
        {(editing
          ? withFolders(fileNames)
          : fileNames.map((name) => ({ name, folder: false }))
        ).map(({ name, folder }) =>
          folder ? (
            <FolderRow
              key={`folder:${name}`}
              name={name}
              onRename={() => open({ kind: 'renameFolder', from: name }, name)}
            />
          ) : (
            renderFile(name)
          ),
        )}
      </ul>
    </Paper>
  );

  function renderFile(name: string) {
    const mark = marks?.get(name);
    const deleted = mark?.change === 'deleted';
    return (
      <li key={name}>
        <Group gap={2} wrap="nowrap" align="center">
          <UnstyledButton
            className={classes.fileButton}
            data-active={name === selected || undefined}
            aria-current={name === selected ? 'true' : undefined}
            onClick={() => onSelect(name)}
            disabled={deleted}
            style={{ flex: 1, minWidth: 0 }}
          >
            <IconFile />
            <span
              className={classes.fileName}
              title={name}
              style={deleted ? { textDecoration: 'line-through' } : undefined}
            >
              {name}
            </span>
            {unsaved.has(name) ? (
              <span className={classes.unsavedDot} title={t('fileList.notSaved')}>
                <span className={classes.visuallyHidden}> {t('fileList.notSavedHidden')}</span>
              </span>
            ) : null}
          </UnstyledButton>
          {editing && !mark?.protected ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('fileList.moreActions', { name })}
                  title={t('fileList.moreTitle', { name })}
                >
                  {MORE}
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => open({ kind: 'rename', from: name }, name)}>
                  {t('fileList.renameMove')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => editing.onDelete(name)}>
                  {t('fileList.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {mark?.change ? (
          <Text
            size="xs"
            fw={600}
            // Dark enough for 4.5:1 on white and on the active row's light blue.
            c={CHANGE_COLOURS[mark.change]}
            ml={30}
            data-testid="file-change"
            className={classes.breakAll}
          >
            {mark.change === 'renamed'
              ? t('fileList.renamedFrom', { path: mark.renamedFrom })
              : t(`fileList.${mark.change}`)}
          </Text>
        ) : null}
      </li>
    );
  }
}

/** A folder of the project: renamed or moved with every file in it (issue 24). */
function FolderRow({ name, onRename }: { name: string; onRename: () => void }) {
  const { t } = useTranslation('workspace');
  return (
    <li>
      <Group gap={2} wrap="nowrap" align="center">
        <span className={classes.folderName} style={{ flex: 1, minWidth: 0 }}>
          <IconFolder />
          <span className={classes.fileName} title={name}>
            {t('fileList.folderPath', { path: name })}
          </span>
        </span>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('fileList.moreFolderActions', { name })}
              title={t('fileList.moreFolderTitle', { name })}
            >
              {MORE}
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onRename}>{t('fileList.renameMove')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </li>
  );
}
