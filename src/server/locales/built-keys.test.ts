import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../domain/constants';
import { STAGES, WORKPLACE_TYPES } from '../../domain/jobs';
import { LANGUAGES } from '../../domain/languages';

/**
 * Keys the server builds from domain lists (a stage's label in a stage mail, a job's
 * workplace and type on the careers pages, an interview mail's kind) exist in every
 * language: a value the domain gains without its text would reach a reader as the raw key.
 * The catalogue test compares languages with each other; this one compares them with the lists.
 */
const root = import.meta.dirname;
type Tree = { [key: string]: string | Tree };

const lookup = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => {
    if (node === undefined || typeof node === 'string') return undefined;
    return node[part] ?? node[`${part}_other`];
  }, tree);

const INTERVIEW_KINDS = ['scheduled', 'rescheduled', 'cancelled', 'reminder', 'declined'];
const BUILT: Record<string, string[]> = {
  mails: [
    ...STAGES.map((s) => `stage.labels.${s}`),
    ...INTERVIEW_KINDS.flatMap((k) => [`interview.${k}.subject`, `interview.${k}.line`]),
  ],
  careers: [
    ...WORKPLACE_TYPES.map((w) => `workplace.${w}`),
    ...JOB_TYPES.map((j) => `jobType.${j}`),
  ],
};

describe('server catalogues hold every key built from a domain list', () => {
  for (const language of LANGUAGES) {
    it(language, () => {
      const missing = Object.entries(BUILT).flatMap(([ns, keys]) => {
        const tree = JSON.parse(readFileSync(path.join(root, language, `${ns}.json`), 'utf8'));
        return keys.filter((k) => typeof lookup(tree, k) !== 'string').map((k) => `${ns}:${k}`);
      });
      expect(missing).toEqual([]);
    });
  }
});
