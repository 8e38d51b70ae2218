import type { ReactNode } from 'react';
import { i18n } from './i18n';

/**
 * A message that comes in English from elsewhere (the server's error answers, the shared
 * domain rules' validation messages) in the reader's language: the `messages` catalogue
 * is keyed by the English text itself (docs/decisions/023). A message it does not hold
 * yet is shown as it came.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, {
    ns: 'messages',
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}

/** A form's field errors (Mantine's validate result) with each message translated. */
export function translateErrors<T extends Record<string, ReactNode>>(errors: T): T {
  const out: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(errors)) {
    out[field] = typeof message === 'string' ? translateMessage(message) : message;
  }
  return out as T;
}
