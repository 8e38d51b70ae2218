import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import {
  copyLineDown,
  defaultKeymap,
  history,
  historyKeymap,
  indentWithTab,
  toggleComment,
} from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { markdownLanguage } from '@codemirror/lang-markdown';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, type Extension, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { type FileLanguage, hasJsx, languageOf } from '../../domain/assessments';

/**
 * The language support of a file, from its extension (issue 24): JavaScript, TypeScript and
 * Markdown are in the editor's chunk (most files are); every other language is a chunk of its
 * own, loaded the first time such a file opens. Anything else is plain text.
 */
const LOADERS: Partial<Record<FileLanguage, () => Promise<Extension>>> = {
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  yaml: () => import('@codemirror/lang-yaml').then((m) => m.yaml()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
};
const loaded = new Map<FileLanguage, Promise<Extension>>();

/** The language support at once when it is in the editor's chunk (or loaded before); else null. */
export function languageExtension(fileName: string): Extension | null {
  const language = languageOf(fileName);
  switch (language) {
    case 'markdown':
      // The language alone: markdown() would also bundle HTML, CSS and their parsers for
      // embedded HTML, which a README does not need highlighted.
      return new LanguageSupport(markdownLanguage);
    case 'javascript':
      return javascript({ jsx: hasJsx(fileName) });
    case 'typescript':
      return javascript({ typescript: true, jsx: hasJsx(fileName) });
    case 'text':
      return [];
    default:
      return null;
  }
}

/** The language support of a file, loading its package the first time it is needed. */
export function loadLanguage(fileName: string): Promise<Extension> {
  const now = languageExtension(fileName);
  if (now !== null) return Promise.resolve(now);
  const language = languageOf(fileName);
  let promise = loaded.get(language);
  if (!promise) {
    // A chunk that fails to load (offline) leaves the file plain, and is asked again next time.
    promise = (LOADERS[language]?.() ?? Promise.resolve([])).catch(() => {
      loaded.delete(language);
      return [];
    });
    loaded.set(language, promise);
  }
  return promise;
}

/**
 * The spec's own shortcuts. Highest precedence so Mod-d duplicates the line even where a
 * default keymap (search's selectNextOccurrence) would take it.
 */
const workspaceKeymap = Prec.highest(
  keymap.of([
    { key: 'Mod-d', run: copyLineDown, preventDefault: true },
    { key: 'Mod-/', run: toggleComment, preventDefault: true },
  ]),
);

/**
 * Syntax colours that all keep a 4.5:1 contrast on the white (and the active line's light
 * blue) background; CodeMirror's default style has a few that do not (regexps, invalid).
 */
const highlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword], color: '#7a1fa2' },
  { tag: [t.string, t.special(t.string)], color: '#a31515' },
  { tag: t.regexp, color: '#8a3b00' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#0b5394' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: '#3d6b3d', fontStyle: 'italic' },
  { tag: [t.typeName, t.className, t.namespace], color: '#0b6161' },
  { tag: [t.function(t.variableName), t.definition(t.function(t.variableName))], color: '#1b4fa0' },
  { tag: t.definition(t.variableName), color: '#113f8c' },
  { tag: t.propertyName, color: '#5a3e00' },
  { tag: t.heading, fontWeight: 'bold', color: '#1d3d8f' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.link, color: '#0b57d0', textDecoration: 'underline' },
  { tag: [t.monospace, t.url], color: '#5a3e00' },
  { tag: t.meta, color: '#4d4d4d' },
  { tag: t.invalid, color: '#b00020' },
]);

const theme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: '14px',
    backgroundColor: 'var(--mantine-color-body)',
  },
  '.cm-scroller': {
    fontFamily: 'var(--mantine-font-family-monospace)',
    lineHeight: '1.55',
  },
  '.cm-gutters': {
    backgroundColor: 'var(--mantine-color-gray-0)',
    color: 'var(--mantine-color-gray-7)',
    borderRight: '1px solid var(--mantine-color-gray-3)',
  },
  '&.cm-focused': {
    outline: '2px solid var(--mantine-primary-color-filled)',
    outlineOffset: '-2px',
  },
  '.cm-activeLine': { backgroundColor: 'rgba(34, 139, 230, 0.06)' },
  '.cm-activeLineGutter': { backgroundColor: 'rgba(34, 139, 230, 0.12)' },
});

/**
 * Everything the editor needs except the per-file parts (language, read-only, label).
 * Tab indents (indentWithTab); CodeMirror's tab-focus mode lets Escape then Tab leave the
 * editor, so keyboard users are never trapped.
 */
export function baseExtensions(): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    syntaxHighlighting(highlightStyle),
    workspaceKeymap,
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
    theme,
  ];
}

/** A read-only viewer of code (the reviewer's playback): numbers, colours, no editing keys. */
export function viewerExtensions(): Extension[] {
  return [
    lineNumbers(),
    highlightSpecialChars(),
    syntaxHighlighting(highlightStyle),
    EditorState.readOnly.of(true),
    theme,
  ];
}
