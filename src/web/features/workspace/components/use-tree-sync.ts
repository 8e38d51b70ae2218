import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CandidateFile } from '../../../../domain/assessments';
import { assessmentKeys } from '../../../lib/query-keys';
import { setAfterReads } from '../../../lib/set-after-reads';
import { postFileChange } from '../api/change-files';
import { applyChange, TreeSync } from '../lib/tree-sync';

function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The tree's creates, renames and deletes, wired to the browser (online, leaving the page). */
export function useTreeSync(assessmentId: string, onDrained: () => void) {
  const queryClient = useQueryClient();
  const drained = useRef(onDrained);
  drained.current = onDrained;
  const [tree] = useState(
    () =>
      new TreeSync({
        assessmentId,
        storage: browserStorage(),
        send: (change) => postFileChange(assessmentId, change),
        onDone: (change, files) =>
          setAfterReads<CandidateFile[]>(queryClient, assessmentKeys.files(assessmentId), (old) => {
            if (!old) return old;
            const moved = applyChange(
              old.filter((f) => f.change !== 'deleted'),
              change,
            );
            const byName = new Map(files.map((f) => [f.fileName, f]));
            return moved.map((f) => byName.get(f.fileName) ?? f);
          }),
        onRefused: (change, message) => {
          notifications.show({
            color: 'red',
            title: `Could not ${change.op} ${change.path}`,
            message,
          });
          // The server's list is the truth again.
          void queryClient.invalidateQueries({ queryKey: assessmentKeys.files(assessmentId) });
        },
        onDrained: () => drained.current(),
      }),
  );
  useEffect(() => {
    tree.retain();
    const retry = () => tree.retryFailed();
    window.addEventListener('online', retry);
    void tree.flush();
    return () => {
      window.removeEventListener('online', retry);
      void tree.release();
    };
  }, [tree]);
  useSyncExternalStore(tree.subscribe, tree.getVersion);
  return tree;
}
