import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { Assessment } from '../../../../domain/assessments';
import { assessmentFilesQuery } from '../../assessments';
import type { WorkspaceAccess } from '../lib/access';
import { applyChanges } from '../lib/tree-sync';
import type { FileMark } from './file-list';
import { useFileSync } from './use-file-sync';
import { useOpenFiles } from './use-open-files';
import { usePlaybackRecorder } from './use-playback-recorder';
import { useTreeSync } from './use-tree-sync';

/**
 * The project's files as the workspace shows them: the server's list with the tree's
 * pending creates, renames and deletes applied, their texts (autosaved), the playback
 * recorder and the files open as editor tabs.
 */
export function useWorkspaceFiles(assessment: Assessment, access: WorkspaceAccess) {
  // Always ask the server when the workspace opens: cached text may be older than the last
  // save made elsewhere, and an edit made on top of it would win by its newer timestamp.
  const files = useQuery({
    ...assessmentFilesQuery(assessment.id),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const filesFresh = files.isFetchedAfterMount;
  const editable = access.canEditFiles && filesFresh;
  // Creates, renames and deletes (issue 24): kept and sent like edits; files wait for them.
  const syncRef = useRef<{ flush: () => Promise<void> } | null>(null);
  const recorderRef = useRef<{ retryFailed: () => void } | null>(null);
  // Once the tree's changes are through, the files' texts, then their recordings, may go.
  const tree = useTreeSync(assessment.id, () => {
    void syncRef.current?.flush();
    recorderRef.current?.retryFailed();
  });
  const pendingChanges = tree.pending();
  const projected = useMemo(
    () => (files.data ? applyChanges(files.data, pendingChanges) : undefined),
    [files.data, pendingChanges],
  );
  const sync = useFileSync(assessment.id, projected, editable, () => tree.hasPending());
  syncRef.current = sync;
  const recorder = usePlaybackRecorder(assessment.id, sync, editable, !access.canEditFiles, () =>
    tree.hasPending(),
  );
  recorderRef.current = recorder;

  // The candidate sees the project as changed; reviewers also see the files deleted.
  const listed = access.isCandidate ? projected : files.data;
  const fileNames = listed?.map((f) => f.fileName) ?? assessment.project.fileNames;
  const marks = new Map<string, FileMark>(
    (listed ?? []).map((f) => [
      f.fileName,
      { change: f.change ?? null, renamedFrom: f.renamedFrom ?? null, protected: f.protected },
    ]),
  );
  const editorFiles = useOpenFiles(fileNames, assessment.project.fileNames[0] ?? '');
  const protectedNow = new Set((listed ?? []).filter((f) => f.protected).map((f) => f.fileName));

  return {
    files,
    filesFresh,
    editable,
    tree,
    sync,
    recorder,
    fileNames,
    marks,
    editorFiles,
    protectedNow,
  };
}

export type WorkspaceFiles = ReturnType<typeof useWorkspaceFiles>;
