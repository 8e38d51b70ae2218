import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { languageExtension, loadLanguage, viewerExtensions } from '../../../lib/editor-extensions';

/**
 * A read-only CodeMirror view of one file's text (the final code, a replay's frame). The view
 * lives as long as the file name; a new text replaces the document in place, so scrubbing
 * does not rebuild the editor.
 */
export function CodeView({
  fileName,
  text,
  label,
  testId,
}: {
  fileName: string;
  text: string;
  label: string;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [language] = useState(() => new Compartment());

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per file; the text follows below
  useEffect(() => {
    if (!host.current) return;
    const made = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          viewerExtensions(),
          language.of(languageExtension(fileName) ?? []),
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-readonly': 'true',
            tabindex: '0',
          }),
        ],
      }),
    });
    view.current = made;
    let live = true;
    if (languageExtension(fileName) === null) {
      void loadLanguage(fileName).then((extension) => {
        if (live) made.dispatch({ effects: language.reconfigure(extension) });
      });
    }
    return () => {
      live = false;
      made.destroy();
      view.current = null;
    };
  }, [fileName]);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === text) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
  }, [text]);

  return (
    <div
      ref={host}
      data-testid={testId}
      style={{
        maxHeight: '50vh',
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    />
  );
}
