import { defaultKeymap } from '@codemirror/commands';
import { go } from '@codemirror/lang-go';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';

function languageOf(path: string): Extension {
  if (/\.(ts|tsx)$/.test(path)) return javascript({ typescript: true });
  if (/\.(js|mjs|cjs)$/.test(path)) return javascript();
  if (path.endsWith('.py')) return python();
  if (path.endsWith('.go')) return go();
  if (path.endsWith('.java')) return java();
  return [];
}

/**
 * CodeMirror 6 bound to one file's Y.Text with yCollab: the text, everyone's cursors and
 * selections (named and coloured from the awareness) and a shared-aware undo.
 */
export function PadEditor({
  path,
  text,
  awareness,
  readOnly,
  label,
}: {
  path: string;
  text: Y.Text;
  awareness: Awareness;
  readOnly: boolean;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text.toString(),
        extensions: [
          lineNumbers(),
          // yCollab's undo manager undoes one's own edits only (CodeMirror's history would undo others').
          keymap.of([...yUndoManagerKeymap, ...defaultKeymap]),
          languageOf(path),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          // A phone's width shows whole lines: no sideways scrolling to read the code.
          EditorView.lineWrapping,
          EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
          yCollab(text, awareness),
        ],
      }),
    });
    return () => view.destroy();
  }, [path, text, awareness, readOnly, label]);
  return (
    <div ref={host} style={{ height: '60vh', border: '1px solid var(--mantine-color-gray-4)' }} />
  );
}
