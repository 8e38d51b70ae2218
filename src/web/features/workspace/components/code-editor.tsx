import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { baseExtensions, languageExtension, loadLanguage } from '../../../lib/editor-extensions';
import type { PlaybackRecorder } from '../lib/playback-recorder';

export type Cursor = { line: number; col: number };

type CodeEditorProps = {
  fileName: string;
  /** The file's text as the sync layer has it. */
  content: string;
  /** Bumps when `content` was replaced from outside (server, stored copy): reload it. */
  revision: number;
  readOnly: boolean;
  /** Id of a hint (e.g. how to leave the editor) read with the editor. */
  describedBy?: string;
  onChange?: (fileName: string, content: string) => void;
  onCursor?: (cursor: Cursor) => void;
  /** Records the editor's history for the reviewer's playback (while the file is editable). */
  recorder?: PlaybackRecorder | null;
};

/** Marks transactions that load text from outside, so they are not reported as edits. */
const external = Annotation.define<boolean>();

type Cached = { state: EditorState; revision: number };

/**
 * CodeMirror 6 in React. One EditorView for the screen; each file keeps its own
 * EditorState (so undo history and cursor survive switching files) until its text is
 * replaced from outside.
 */
export function CodeEditor({
  fileName,
  content,
  revision,
  readOnly,
  describedBy,
  onChange,
  onCursor,
  recorder,
}: CodeEditorProps) {
  const { t } = useTranslation('workspace');
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const cache = useRef(new Map<string, Cached>());
  const shown = useRef<{ fileName: string; revision: number } | null>(null);
  const perFile = useRef(new Compartment());
  const readOnlyCompartment = useRef(new Compartment());
  const languageCompartment = useRef(new Compartment());
  // The latest props for the long-lived listeners inside CodeMirror.
  const latest = useRef({ fileName, onChange, onCursor, readOnly, describedBy, recorder, t });
  latest.current = { fileName, onChange, onCursor, readOnly, describedBy, recorder, t };

  const fileExtensions = (name: string) => [
    // Plain until a language loaded on demand arrives (the effect below).
    languageCompartment.current.of(languageExtension(name) ?? []),
    EditorView.contentAttributes.of({
      'aria-label': latest.current.t('editor.ariaLabel', { name }),
      // Explicitly focusable: axe (and some screen readers) do not count contenteditable.
      tabindex: '0',
      ...(latest.current.describedBy ? { 'aria-describedby': latest.current.describedBy } : {}),
    }),
  ];
  const readOnlyExtensions = (value: boolean) => [
    // readOnly (not editable=false) keeps the text focusable, selectable and copyable.
    EditorState.readOnly.of(value),
    EditorView.contentAttributes.of({ 'aria-readonly': String(value) }),
  ];

  const createState = (name: string, doc: string) =>
    EditorState.create({
      doc,
      extensions: [
        baseExtensions(),
        perFile.current.of(fileExtensions(name)),
        readOnlyCompartment.current.of(readOnlyExtensions(latest.current.readOnly)),
        EditorView.updateListener.of((update) => {
          if (update.selectionSet || update.docChanged) {
            const head = update.state.selection.main.head;
            const line = update.state.doc.lineAt(head);
            latest.current.onCursor?.({ line: line.number, col: head - line.from + 1 });
          }
          // Recorded per transaction, before the text reaches the autosave: the events
          // waiting to be sent always lead to the text the autosave has.
          const rec = latest.current.recorder;
          if (rec) {
            for (const tr of update.transactions) {
              if (!tr.docChanged) continue;
              if (tr.annotation(external)) rec.replaced(name, tr.state.doc);
              else {
                const mark = tr.isUserEvent('input.paste')
                  ? 'paste'
                  : tr.isUserEvent('input.drop')
                    ? 'drop'
                    : undefined;
                rec.change(name, tr.changes, tr.state.doc, mark);
              }
            }
            if (update.focusChanged) rec.focus(update.view.hasFocus ? 'b' : 'a', 'editor', name);
          }
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) {
            latest.current.onChange?.(latest.current.fileName, update.state.doc.toString());
          }
        }),
      ],
    });

  // Create the view once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view lives as long as the component; props reach it through the effects below
  useEffect(() => {
    if (!hostRef.current) return;
    const view = new EditorView({ parent: hostRef.current, state: createState(fileName, content) });
    viewRef.current = view;
    shown.current = { fileName, revision };
    return () => {
      view.destroy();
      viewRef.current = null;
      shown.current = null;
    };
  }, []);

  // Another file, or this file's text replaced from outside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: content is read only when the file or its revision changes; edits come from the view itself
  useEffect(() => {
    const view = viewRef.current;
    const current = shown.current;
    if (!view || !current) return;
    if (current.fileName === fileName && current.revision === revision) return;

    if (current.fileName !== fileName) {
      cache.current.set(current.fileName, { state: view.state, revision: current.revision });
      const cached = cache.current.get(fileName);
      if (cached && cached.revision === revision) {
        view.setState(cached.state);
        // The cached state may predate a read-only change.
        view.dispatch({
          effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(readOnly)),
        });
      } else {
        view.setState(createState(fileName, content));
      }
    } else if (view.state.doc.toString() !== content) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: content },
        annotations: external.of(true),
      });
    }
    shown.current = { fileName, revision };
    latest.current.recorder?.opened(fileName, view.state.doc);
    const head = view.state.selection.main.head;
    const line = view.state.doc.lineAt(head);
    onCursor?.({ line: line.number, col: head - line.from + 1 });
  }, [fileName, revision]);

  // A language in a chunk of its own: highlighted once it loaded, if the file is still shown.
  useEffect(() => {
    if (languageExtension(fileName) !== null) return;
    let live = true;
    void loadLanguage(fileName).then((extension) => {
      const view = viewRef.current;
      if (!live || !view || shown.current?.fileName !== fileName) return;
      view.dispatch({ effects: languageCompartment.current.reconfigure(extension) });
    });
    return () => {
      live = false;
    };
  }, [fileName]);

  // The recorder arrives once the files are editable: it starts from the text shown.
  useEffect(() => {
    const view = viewRef.current;
    if (view && recorder) recorder.opened(latest.current.fileName, view.state.doc);
  }, [recorder]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: compartments are stable refs
  useEffect(() => {
    viewRef.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(readOnly)),
    });
  }, [readOnly]);

  return <div ref={hostRef} data-file={fileName} style={{ height: '100%' }} />;
}
