import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CandidateFile, TaskAnswer } from '../../../../domain/assessments';
import { assessmentKeys } from '../../../lib/query-keys';
import { setAfterReads } from '../../../lib/set-after-reads';
import { putAssessmentFile, putTaskAnswer } from '../api/save-file';
import { FileSync, type KeyValueStore, type SaveFn } from '../lib/file-sync';

/** localStorage, or null where the browser refuses it (some private modes). */
function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A FileSync fed with the server's versions and wired to the browser: 'online' retries,
 * hiding the page flushes with keepalive, leaving the screen flushes, and the tab warns
 * before closing only when an edit lives nowhere but in memory (storage refused it).
 */
function useTextSync(options: {
  /** Names the localStorage entries (the assessment id, plus a suffix for answers). */
  storageId: string;
  items: CandidateFile[] | undefined;
  editable: boolean;
  save: SaveFn;
  onServerFile: (file: CandidateFile) => void;
  blocked?: () => boolean;
}) {
  const [sync] = useState(
    () =>
      new FileSync({
        assessmentId: options.storageId,
        storage: browserStorage(),
        save: options.save,
        onServerFile: options.onServerFile,
        blocked: options.blocked,
      }),
  );
  const { items, editable } = options;

  useEffect(() => {
    for (const item of items ?? []) sync.sync(item, editable);
  }, [sync, items, editable]);

  useEffect(() => {
    sync.retain();
    const retry = () => sync.retryFailed();
    const flushNow = () => {
      void sync.flush(undefined, { keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (sync.hasUnprotected()) event.preventDefault();
    };
    window.addEventListener('online', retry);
    window.addEventListener('pagehide', flushNow);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', flushNow);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the screen inside the app: what is pending is sent now.
      void sync.release();
    };
  }, [sync]);

  useSyncExternalStore(sync.subscribe, sync.getVersion);
  return sync;
}

/**
 * The editor's files: one FileSync per assessment (the caller keys its component by
 * assessment id), kept in step with the cached file list.
 */
export function useFileSync(
  assessmentId: string,
  files: CandidateFile[] | undefined,
  editable: boolean,
  /** Saves wait while the tree's changes are on their way (issue 24). */
  blocked?: () => boolean,
) {
  const queryClient = useQueryClient();
  return useTextSync({
    storageId: assessmentId,
    items: files,
    editable,
    blocked,
    save: (fileName, body, options) => putAssessmentFile(assessmentId, fileName, body, options),
    // Keep the cached file list in step with what the server confirmed, so coming back to
    // the workspace never starts from text older than the last save.
    onServerFile: (file) =>
      setAfterReads<CandidateFile[]>(queryClient, assessmentKeys.files(assessmentId), (old) =>
        old?.map((f) =>
          f.fileName === file.fileName && (f.editedAt ?? 0) <= (file.editedAt ?? 0) ? file : f,
        ),
      ),
  });
}

/**
 * The written answers of text and document tasks, saved exactly like files (autosave,
 * localStorage until acknowledged, newest edit wins). Inside the sync an answer is a
 * "file" named by its task id; its localStorage entries live under `${id}:answers`.
 */
export function useAnswerSync(
  assessmentId: string,
  answers: TaskAnswer[] | undefined,
  editable: boolean,
) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<CandidateFile[] | undefined>(undefined);
  useEffect(() => {
    setItems(
      answers?.map((a) => ({
        fileName: a.taskId,
        content: a.content,
        editedAt: a.editedAt,
        updatedAt: a.updatedAt,
      })),
    );
  }, [answers]);
  return useTextSync({
    storageId: `${assessmentId}:answers`,
    items,
    editable,
    save: (taskId, body, options) => putTaskAnswer(assessmentId, taskId, body, options),
    onServerFile: (file) =>
      setAfterReads<TaskAnswer[]>(queryClient, assessmentKeys.answers(assessmentId), (old) =>
        old?.map((a) =>
          a.taskId === file.fileName && (a.editedAt ?? 0) <= (file.editedAt ?? 0)
            ? {
                taskId: a.taskId,
                content: file.content,
                editedAt: file.editedAt,
                updatedAt: file.updatedAt,
              }
            : a,
        ),
      ),
  });
}
