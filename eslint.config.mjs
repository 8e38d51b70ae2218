// Only the literal-string check of the languages work (docs/decisions/023): biome lints
// everything else. The files listed here are those already moved to the catalogues; each
// feature joins the list when its screens are translated, and then no user-visible text
// (JSX text, label/placeholder/title/aria-label/description/alt props, toasts) may be a
// literal there.
import tsParser from '@typescript-eslint/parser';
import i18next from 'eslint-plugin-i18next';

export const TRANSLATED = [
  'src/web/app/**/*.tsx',
  'src/web/ui/**/*.tsx',
  'src/web/main.tsx',
  'src/web/features/unauthorized/**/*.tsx',
  'src/web/features/languages/**/*.tsx',
  'src/web/features/auth/**/*.tsx',
  'src/web/features/security/**/*.tsx',
  'src/web/features/users/**/*.tsx',
  'src/web/features/messaging/**/*.tsx',
  'src/web/features/templates/**/*.tsx',
  'src/web/features/review/**/*.tsx',
  'src/web/features/bulk-invitations/**/*.tsx',
  'src/web/features/interviews/**/*.tsx',
  'src/web/features/jobs/**/*.tsx',
  'src/web/features/careers/**/*.tsx',
  'src/web/features/candidates-search/**/*.tsx',
  'src/web/features/assessments/**/*.tsx',
  'src/web/features/home/**/*.tsx',
  'src/web/features/workspace/**/*.tsx',
  'src/web/features/test-runs/**/*.tsx',
  'src/web/features/automated-feedback/**/*.tsx',
  'src/web/features/playback/**/*.tsx',
  'src/web/features/profile/**/*.tsx',
  'src/web/features/admin-settings/**/*.tsx',
  'src/web/features/analytics/**/*.tsx',
  'src/web/features/departments/**/*.tsx',
  'src/web/features/data-rights/**/*.tsx',
  'src/web/features/audit/**/*.tsx',
  'src/web/features/integrations/**/*.tsx',
  'src/web/features/mail/**/*.tsx',
  'src/web/features/pads/**/*.tsx',
  'src/web/features/ai-review/**/*.tsx',
];

export default [
  {
    files: TRANSLATED,
    ignores: ['**/*.test.tsx'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'label',
              'placeholder',
              'title',
              'aria-label',
              'description',
              'alt',
              'message',
            ],
          },
          callees: { include: ['notifications.show', 'usePageTitle'] },
        },
      ],
    },
  },
];
