import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTER_RUBRIC } from '../../domain/ai-review';
import { TASK_TYPES } from '../../domain/assessments';
import { FEEDBACK_DETAILS } from '../../domain/automated-feedback';
import { ADMIN_LEVELS, INDUSTRIES, JOB_TYPES, ROLES, SIGN_UP_ROLES } from '../../domain/constants';
import { RECOMMENDATIONS } from '../../domain/interviews';
import {
  JOB_STATUSES,
  MOVE_TARGETS,
  POSTED_WITHIN,
  STAGES,
  WORKPLACE_TYPES,
} from '../../domain/jobs';
import { LANGUAGES } from '../../domain/languages';
import { ROLE_CAPABILITIES, SESSION_TIMEOUT_MINUTES } from '../../domain/security';

/**
 * Every key the web code asks for exists in every language's catalogue. The catalogue test
 * compares languages with each other; this one compares them with the code, so a key the
 * code builds from a domain list (one capability more in the domain than in the catalogue)
 * cannot show as raw text. Keys are read from the source: literal t('…') and i18nKey="…",
 * in the namespaces the file's useTranslation names; keys built with a template literal
 * are expanded from the domain lists in BUILT below, or, when not listed, must at least
 * match one key of the catalogue.
 */
const localesRoot = import.meta.dirname;
const webRoot = path.join(localesRoot, '..');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [name] : flatten(value, name);
  });
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const catalogues = new Map<string, Set<string>>(
  LANGUAGES.flatMap((language) =>
    readdirSync(path.join(localesRoot, language))
      .filter((f) => f.endsWith('.json'))
      .map((file) => {
        const tree = JSON.parse(readFileSync(path.join(localesRoot, language, file), 'utf8'));
        const keys = flatten(tree).map((k) => k.replace(PLURAL, ''));
        return [`${language}/${file.replace(/\.json$/, '')}`, new Set(keys)] as const;
      }),
  ),
);
const has = (language: string, ns: string, key: string) =>
  catalogues.get(`${language}/${ns}`)?.has(key) ?? false;

const range = (n: number) => Array.from({ length: n }, (_, i) => String(i));
const each = <T>(list: readonly T[], keys: (item: T) => string[]) => list.flatMap(keys);

/** Template-literal keys built from domain lists: `namespace:template` (with * for each ${…}) to every key it makes. */
const BUILT: Record<string, readonly string[]> = {
  'admin-settings:security.roles.*.label': ROLE_CAPABILITIES.map(
    (r) => `security.roles.${r.role}.label`,
  ),
  'admin-settings:security.roles.*.may.*': each(ROLE_CAPABILITIES, (r) =>
    range(r.may.length).map((i) => `security.roles.${r.role}.may.${i}`),
  ),
  'admin-settings:security.timeouts.*': SESSION_TIMEOUT_MINUTES.map(
    (m) => `security.timeouts.${m}`,
  ),
  'admin-settings:tasks.types.*': TASK_TYPES.map((type) => `tasks.types.${type}`),
  'common:languages.*': LANGUAGES.map((code) => `languages.${code}`),
  'common:roles.*': ROLES.map((r) => `roles.${r}`),
  'auth:signUp.roles.*': SIGN_UP_ROLES.map((r) => `signUp.roles.${r}`),
  'profile:adminLevels.*': ADMIN_LEVELS.map((l) => `adminLevels.${l}`),
  'profile:industries.*': INDUSTRIES.map((i) => `industries.${i}`),
  'profile:jobTypes.*': JOB_TYPES.map((j) => `jobTypes.${j}`),
  'jobs:workplace.*': WORKPLACE_TYPES.map((w) => `workplace.${w}`),
  'jobs:jobType.*': JOB_TYPES.map((j) => `jobType.${j}`),
  'jobs:posted.*': POSTED_WITHIN.map((p) => `posted.${p}`),
  'jobs:stage.*': [...STAGES, ...MOVE_TARGETS].map((s) => `stage.${s}`),
  'jobs:status.*': JOB_STATUSES.map((s) => `status.${s}`),
  'jobs:statusInSentence.*': JOB_STATUSES.map((s) => `statusInSentence.${s}`),
  'interviews:recommendation.*': RECOMMENDATIONS.map((r) => `recommendation.${r}`),
  'automated-feedback:details.*': FEEDBACK_DETAILS.map((d) => `details.${d}`),
  'automated-feedback:detailDescriptions.*': FEEDBACK_DETAILS.map((d) => `detailDescriptions.${d}`),
  'candidates-search:jobType.*': JOB_TYPES.map((j) => `jobType.${j}`),
  'analytics:stages.*': STAGES.map((s) => `stages.${s}`),
  'ai-admin:starterRubric.*.title': STARTER_RUBRIC.map((c) => `starterRubric.${c.id}.title`),
  'ai-admin:starterRubric.*.levels.*': STARTER_RUBRIC.flatMap((c) =>
    c.levels.map((l) => `starterRubric.${c.id}.levels.${l.level}`),
  ),
};

type Use = { file: string; key: string; namespaces: string[]; template: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const ALL_NAMESPACES = readdirSync(path.join(localesRoot, 'en')).map((f) =>
  f.replace(/\.json$/, ''),
);

/**
 * The namespaces a file's useTranslation calls name (common when a call names none). A helper
 * that is handed its caller's t (no useTranslation of its own) may use any namespace.
 */
function namespacesOf(source: string): string[] {
  const names = [...source.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) => {
    const listed = [...(m[1] ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1] ?? '');
    return listed.length > 0 ? listed : ['common'];
  });
  return names.length > 0 ? [...new Set(names)] : ALL_NAMESPACES;
}

function usesIn(file: string): Use[] {
  const source = readFileSync(file, 'utf8');
  const namespaces = namespacesOf(source);
  const rel = path.relative(webRoot, file);
  // t('key', { ns: 'common' }) names its namespace in the options.
  const literal = [
    ...source.matchAll(/\bt\(\s*'([^']+)'(?:,\s*\{[^}]*?\bns:\s*'([\w-]+)')?/g),
    ...source.matchAll(/i18nKey="([^"]+)"/g),
  ].map((m) => ({
    file: rel,
    key: m[2] ? `${m[2]}:${m[1]}` : (m[1] ?? ''),
    namespaces,
    template: false,
  }));
  const built = [...source.matchAll(/\bt\(\s*`([^`]+)`/g)].map((m) => ({
    file: rel,
    key: (m[1] ?? '').replace(/\$\{[^}]*\}/g, '*'),
    namespaces,
    template: true,
  }));
  return [...literal, ...built];
}

/** Split `ns:key` into its namespace and key; a key without one is looked up in the file's. */
function candidates(use: Use): { ns: string; key: string }[] {
  const match = /^([\w-]+):(.*)$/.exec(use.key);
  if (match) return [{ ns: match[1] ?? '', key: match[2] ?? '' }];
  return use.namespaces.map((ns) => ({ ns, key: use.key }));
}

// messages.ts and coded-messages.ts look English texts and error codes up on purpose.
const SKIPPED = new Set(['lib/messages.ts', 'lib/coded-messages.ts']);
const uses = sourceFiles(webRoot)
  .filter((f) => !SKIPPED.has(path.relative(webRoot, f)))
  .flatMap(usesIn);

describe('every key the web code uses exists in every catalogue', () => {
  it('finds the keys (the scan itself works)', () => {
    expect(uses.filter((u) => !u.template).length).toBeGreaterThan(500);
    expect(uses.some((u) => u.key === 'security.roles.*.may.*')).toBe(true);
  });

  it('lists only built keys the code still makes', () => {
    const made = new Set(
      uses.filter((u) => u.template).flatMap((u) => candidates(u).map((c) => `${c.ns}:${c.key}`)),
    );
    expect(Object.keys(BUILT).filter((k) => !made.has(k))).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`${language}: literal keys`, () => {
      const missing = uses
        .filter((u) => !u.template)
        .filter((u) => !candidates(u).some(({ ns, key }) => has(language, ns, key)))
        .map((u) => `${u.file}: ${u.key} (${u.namespaces.join(', ')})`);
      expect(missing).toEqual([]);
    });

    it(`${language}: keys built from domain lists`, () => {
      const missing = uses
        .filter((u) => u.template)
        .flatMap((u) =>
          candidates(u).flatMap(({ ns, key }) => {
            const built = BUILT[`${ns}:${key}`];
            if (!built) return [];
            return built.filter((k) => !has(language, ns, k)).map((k) => `${u.file}: ${ns}:${k}`);
          }),
        );
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`${language}: other built keys match at least one key`, () => {
      const unmatched = uses
        .filter((u) => u.template)
        .filter((u) =>
          candidates(u).every(({ ns, key }) => {
            if (BUILT[`${ns}:${key}`]) return false;
            const pattern = new RegExp(
              `^${key.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]+(\\.[^.]+)*')}$`,
            );
            const keys = catalogues.get(`${language}/${ns}`) ?? new Set<string>();
            return ![...keys].some((k) => pattern.test(k));
          }),
        )
        .map((u) => `${u.file}: ${u.key}`);
      expect(unmatched).toEqual([]);
    });
  }
});
