import type { PadLanguage } from '../../../../domain/pads';

/** Names of the languages a pad is in (names of products: the same in every language). */
export const LANGUAGE_NAMES: Record<PadLanguage, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  python: 'Python',
  go: 'Go',
  java: 'Java',
};
