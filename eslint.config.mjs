// Two checks biome does not have: the literal-string check of the languages work
// (docs/decisions/023) and the web side's feature boundaries (below); biome lints
// everything else. The files listed here are those already moved to the catalogues; each
// feature joins the list when its screens are translated, and then no user-visible text
// (JSX text, label/placeholder/title/aria-label/description/alt props, toasts) may be a
// literal there.
import { readdirSync } from 'node:fs';
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
  ...featureBoundaries(),
];

/**
 * Feature boundaries of the web app (docs/architecture.md): a file under
 * src/web/features/X imports another feature only through that feature's index.ts, so
 * each folder's insides stay its own and the features form no cycle; what two features
 * share lives in src/web/ui or src/web/lib, which import no feature. ESLint's own
 * no-restricted-imports sees the import as written, so there is one zone per feature and
 * folder depth: from features/X/a/b.tsx, `../../Y/...` leaves X.
 */
function featureBoundaries() {
  const root = 'src/web/features';
  const languageOptions = { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } };
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // Deep imports still allowed, each with its reason. Mantine stylesheet lists (`styles`)
  // are CSS, not code. The assessments' API hooks: the AI review panel and the pad's Start button are shown inside
  // the assessments' screens, so reaching the hooks through assessments/index would close an
  // import cycle (the hooks import no component).
  const allowed = ['[^/]+/(components/)?styles', 'assessments/api/(assessments|files|templates)'];
  const message =
    'Import another feature through its index.ts; move what features share to src/web/ui or src/web/lib (docs/architecture.md).';
  const zones = [];
  for (const feature of features) {
    for (let depth = 0; depth <= 3; depth += 1) {
      const up = '\\.\\./'.repeat(depth + 1);
      zones.push({
        files: [`${root}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        languageOptions,
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: `^${up}(?!${feature}/)(?!(${allowed.join('|')})$)[^./][^/]*/(?!index$).+`,
                  message,
                },
                { regex: `^${up}\\.\\./features/`, message },
              ],
            },
          ],
        },
      });
    }
  }
  zones.push({
    files: ['src/web/{ui,lib,api}/**/*.{ts,tsx}'],
    languageOptions,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\./)+features/', message: 'Shared code imports no feature.' }],
        },
      ],
    },
  });
  return zones;
}
