/**
 * How the `messages` catalogue is looked up: keyed by the English text itself, so no key or
 * namespace separators (docs/decisions/023). A file of its own so that messages.ts and the
 * coded-messages chunk it loads both read it without importing each other.
 */
export const OPTIONS = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;
