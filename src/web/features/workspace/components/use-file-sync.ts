import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CandidateFile } from '../../../../domain/assessments';
import { assessmentKeys } from '../../assessments/api/keys';
import { putAssessmentFile } from '../api/save-file';
import { FileSync, type KeyValueStore } from '../lib/file-sync';

/** localStorage, or null where the browser refuses it (some private modes). */
function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * One FileSync per assessment (the caller keys its component by assessment id), fed with
 * the server's files and wired to the browser: 'online' retries, hiding the page flushes
 * with keepalive, leaving the screen flushes, and the tab warns before closing only when
 * an edit lives nowhere but in memory (storage refused it).
 */
export function useFileSync(
  assessmentId: string,
  files: CandidateFile[] | undefined,
  editable: boolean,
) {
  const queryClient = useQueryClient();
  const [sync] = useState(
    () =>
      new FileSync({
        assessmentId,
        storage: browserStorage(),
        save: (fileName, body, options) => putAssessmentFile(assessmentId, fileName, body, options),
        // Keep the cached file list in step with what the server confirmed, so coming back to
        // the workspace never starts from text older than the last save.
        onServerFile: (file) =>
          queryClient.setQueryData<CandidateFile[]>(assessmentKeys.files(assessmentId), (old) =>
            old?.map((f) =>
              f.fileName === file.fileName && (f.editedAt ?? 0) <= (file.editedAt ?? 0) ? file : f,
            ),
          ),
      }),
  );

  useEffect(() => {
    for (const file of files ?? []) sync.sync(file, editable);
  }, [sync, files, editable]);

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
