import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { newPathProblem, renameProblem } from '../../../../domain/project-paths';
import { translateMessage } from '../../../lib/messages';
import type { TreeEditing } from './file-list';
import type { WorkspaceFiles } from './use-workspace-files';

/**
 * What the candidate may do in the file tree: create, rename or move, delete, each checked
 * by the rules the server enforces, sent like edits, and undoable from its notification.
 * Undefined while the files are read-only.
 */
export function useTreeEditing(
  { editable, fileNames, protectedNow, sync, tree, editorFiles }: WorkspaceFiles,
  /** A new file was created and opened: the one-column layout shows the editor. */
  onCreated: () => void,
): TreeEditing | undefined {
  const { t } = useTranslation('workspace');
  if (!editable) return undefined;
  const rules = { hidden: [], visibleTests: [...protectedNow], candidatesMayEditTests: false };
  /** A file or folder renamed or moved: its texts, the change and the file shown follow. */
  const rename = (from: string, to: string) => {
    sync.move(from, to);
    tree.add({ op: 'rename', path: from, to, editedAt: Date.now() });
    editorFiles.rename(from, to);
  };
  return {
    check: (path, ignore) => {
      const livePaths = fileNames.filter((n) => n !== ignore);
      const problem = newPathProblem(livePaths, path, rules);
      return problem === null ? null : translateMessage(problem);
    },
    checkRename: (from, to) => {
      const problem = renameProblem(fileNames, from, to, rules);
      return problem === null ? null : translateMessage(problem);
    },
    onCreate: (path) => {
      const editedAt = Date.now();
      sync.create(path, '', editedAt);
      tree.add({ op: 'create', path, content: '', editedAt });
      editorFiles.select(path);
      onCreated();
    },
    onRename: (from, to) => {
      if (from === to) return;
      rename(from, to);
      const id = `renamed-${from}`;
      notifications.show({
        id,
        title: t('files.renamed', { from, to }),
        message: (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              rename(to, from);
              notifications.hide(id);
            }}
          >
            {t('files.undo')}
          </Button>
        ),
        autoClose: 8000,
      });
    },
    onDelete: (path) => {
      const content = sync.view(path)?.content ?? '';
      sync.drop(path);
      tree.add({ op: 'delete', path, editedAt: Date.now() });
      notifications.show({
        id: `deleted-${path}`,
        title: t('files.deleted', { path }),
        message: (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              const editedAt = Date.now();
              sync.create(path, content, editedAt);
              tree.add({ op: 'create', path, content, editedAt });
              notifications.hide(`deleted-${path}`);
            }}
          >
            {t('files.undo')}
          </Button>
        ),
        autoClose: 8000,
      });
    },
  };
}
