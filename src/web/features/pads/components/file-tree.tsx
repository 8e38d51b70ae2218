import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { translateMessage } from '../../../lib/messages';
import { createFile, deleteFile, renameFile } from '../lib/pad-files';

type Editing = { mode: 'create' } | { mode: 'rename'; path: string } | null;

/**
 * The pad's files: open one, and (while the pad is open) create, rename and delete them. The
 * changes are the shared document's, so the other person sees them at once.
 */
export function FileTree({
  doc,
  files,
  current,
  onOpen,
  readOnly,
}: {
  doc: Y.Doc;
  files: string[];
  current: string | undefined;
  onOpen: (path: string) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('pads');
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const start = (next: Editing, initial: string) => {
    setEditing(next);
    setName(initial);
    setProblem(null);
    setDeleting(null);
  };
  const submit = () => {
    if (!editing) return;
    const path = name.trim();
    const found =
      editing.mode === 'create' ? createFile(doc, path) : renameFile(doc, editing.path, path);
    if (found) return setProblem(found);
    setEditing(null);
    onOpen(path);
  };

  return (
    <Paper withBorder p="xs" miw={180} component="nav" aria-label={t('files')}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {t('files')}
          </Text>
          {!readOnly && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => start({ mode: 'create' }, '')}
            >
              {t('newFile')}
            </Button>
          )}
        </Group>
        {editing && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(null);
            }}
          >
            <Stack gap={4}>
              <TextInput
                size="xs"
                label={
                  editing.mode === 'create'
                    ? t('newFileName')
                    : t('renameTo', { path: editing.path })
                }
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setProblem(null);
                }}
                error={problem && translateMessage(problem)}
                data-autofocus
                autoFocus
              />
              <Group gap={4}>
                <Button type="submit" size="compact-xs">
                  {editing.mode === 'create' ? t('create') : t('rename')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
                  {t('cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {deleting && (
          <Alert
            color="red"
            p="xs"
            role="alertdialog"
            aria-label={t('deleteTitle', { path: deleting })}
          >
            <Stack gap={4}>
              <Text size="xs">{t('deleteTitle', { path: deleting })}</Text>
              <Group gap={4}>
                <Button
                  size="compact-xs"
                  color="red"
                  onClick={() => {
                    deleteFile(doc, deleting);
                    setDeleting(null);
                  }}
                >
                  {t('delete')}
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setDeleting(null)}>
                  {t('cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {files.map((path) => (
          <Group key={path} gap={0} wrap="nowrap">
            <NavLink
              component="button"
              label={path}
              active={path === current}
              aria-current={path === current ? 'page' : undefined}
              onClick={() => onOpen(path)}
              style={{ flex: 1, wordBreak: 'break-all' }}
            />
            {!readOnly && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" size="sm" aria-label={t('fileActions', { path })}>
                    ⋯
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => start({ mode: 'rename', path }, path)}>
                    {t('rename')}
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => setDeleting(path)}>
                    {t('delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
