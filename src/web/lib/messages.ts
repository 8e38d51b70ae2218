import type { ReactNode } from 'react';
import { currentLanguage, i18n } from './i18n';
import { OPTIONS } from './message-options';

/**
 * A message that comes in English from elsewhere (the server's error answers, the shared
 * domain rules' validation messages) in the reader's language: the `messages` catalogue
 * is keyed by the English text itself (docs/decisions/023). A message with values in it
 * ("“Sales” cannot be deleted: …") matches a key written with placeholders
 * ("“{{name}}” cannot be deleted: …"); a field's message as the API sends it
 * ("dueDate: Enter a real date") keeps its field. A message the catalogue does not hold
 * is shown as it came.
 */
export function translateMessage(message: string): string {
  const exact = lookUp(message);
  if (exact !== null) return exact;
  const templated = fromTemplate(message);
  if (templated !== null) return templated;
  const field = /^([\w.]+): (.+)$/s.exec(message);
  if (field?.[1] && field[2]) {
    const rest = lookUp(field[2]) ?? fromTemplate(field[2]);
    if (rest !== null) return `${field[1]}: ${rest}`;
  }
  return message;
}

function lookUp(message: string): string | null {
  return i18n.exists(message, OPTIONS) ? i18n.t(message, OPTIONS) : null;
}

type Template = { key: string; pattern: RegExp; names: string[] };
let templates: { from: object; list: Template[] } | null = null;

/**
 * The catalogue's keys with {{placeholders}}, as patterns over the English text (every
 * language's catalogue has the same keys; English needs none: its keys are its texts).
 */
function templateList(): Template[] {
  const bundle = i18n.getResourceBundle(i18n.language, 'messages') as
    | Record<string, string>
    | undefined;
  if (!bundle) return [];
  if (templates?.from === bundle) return templates.list;
  const list: Template[] = [];
  for (const key of Object.keys(bundle)) {
    if (!key.includes('{{')) continue;
    const names: string[] = [];
    const source = key
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((part) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    list.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  templates = { from: bundle, list };
  return list;
}

function fromTemplate(message: string): string | null {
  for (const { key, pattern, names } of templateList()) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      values[name] = match[i + 1] ?? '';
    });
    return i18n.t(key, { ...OPTIONS, ...values, interpolation: { escapeValue: false } });
  }
  return null;
}

/** A form's field errors (Mantine's validate result) with each message translated. */
export function translateErrors<T extends Record<string, ReactNode>>(errors: T): T {
  const out: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(errors)) {
    out[field] = typeof message === 'string' ? translateMessage(message) : message;
  }
  return out as T;
}

// --- messages with a code (made from parts on the server) -----------------------------------

let coded: typeof import('./coded-messages') | null = null;
let loading: Promise<void> | null = null;

/**
 * The texts of coded errors are a chunk of their own (with the formats they use), loaded
 * with any language but English, whose text is the server's own: /login stays light.
 */
export function loadCodedMessages(): Promise<void> {
  loading ??= import('./coded-messages').then((module) => {
    coded = module;
  });
  return loading;
}

if (currentLanguage() !== 'en') void loadCodedMessages();
i18n.on('languageChanged', (language) => {
  if (language !== 'en') void loadCodedMessages();
});

/**
 * An error the server answered with a code (src/domain/error-codes.ts) in the reader's
 * language; null when the code is not one we know, the reader reads English (the server's
 * own text) or the texts are not there yet: the caller then shows the English message.
 */
export function translateCoded(code: string, params: Record<string, string | number>) {
  if (currentLanguage() === 'en' || !coded) return null;
  return coded.translateCoded(code, params);
}
