import { useEffect, useRef, useState } from 'react';
import { postPlayback } from '../api/post-playback';
import type { FileSync, KeyValueStore } from '../lib/file-sync';
import { PlaybackRecorder, playbackKeyPrefix } from '../lib/playback-recorder';

function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedKeys(): string[] {
  const storage = browserStorage();
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/**
 * The playback recorder of an open assessment: made once the files are editable, fed by the
 * editor (see CodeEditor's `recorder`) and by the window (focus, tab hidden), sending on the
 * autosave's debounce right after the file's own save. When the assessment is closed
 * (submitted, time up), what an earlier page load left unsent is dropped: nothing can store it.
 */
export function usePlaybackRecorder(
  assessmentId: string,
  sync: FileSync,
  editable: boolean,
  closed: boolean,
  /** The tree's changes are still on their way: the events wait for the names to exist. */
  blocked?: () => boolean,
): PlaybackRecorder | null {
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;
  const [recorder, setRecorder] = useState<PlaybackRecorder | null>(null);

  useEffect(() => {
    if (!editable || recorder) return;
    setRecorder(
      new PlaybackRecorder({
        assessmentId,
        storage: browserStorage(),
        storedKeys,
        post: (fileName, upload, options) => postPlayback(assessmentId, fileName, upload, options),
        saveText: (fileName, keepalive) => sync.flush(fileName, { keepalive }),
        editedAtOf: (fileName) => sync.view(fileName)?.editedAt ?? null,
        blocked: () => blockedRef.current?.() ?? false,
      }),
    );
  }, [editable, recorder, assessmentId, sync]);

  useEffect(() => {
    if (!editable) recorder?.disable();
  }, [editable, recorder]);

  useEffect(() => {
    if (!closed) return;
    const storage = browserStorage();
    const prefix = playbackKeyPrefix(assessmentId);
    for (const key of storedKeys()) {
      if (key.startsWith(prefix)) storage?.removeItem(key);
    }
  }, [closed, assessmentId]);

  useEffect(() => {
    if (!recorder) return;
    const away = (where: 'window' | 'tab') => () => recorder.focus('a', where);
    const back = (where: 'window' | 'tab') => () => recorder.focus('b', where);
    const onBlur = away('window');
    const onFocus = back('window');
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        away('tab')();
        void recorder.flush(undefined, { keepalive: true });
      } else back('tab')();
    };
    // The page goes (closed, reloaded, navigated away): shown as such, not as a hidden tab.
    const onPageHide = () => {
      recorder.focus('a', 'page');
      void recorder.flush(undefined, { keepalive: true });
    };
    // Back from the back-forward cache: the same page session goes on.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) recorder.focus('b', 'page');
    };
    const onOnline = () => recorder.retryFailed();
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [recorder]);

  // Leaving the workspace: what is waiting goes now; what fails stays stored for next time.
  useEffect(() => {
    if (!recorder) return;
    recorder.retain();
    return () => {
      void recorder.release();
    };
  }, [recorder]);

  return recorder;
}
