import type { AiReviewResult, Citation, ModelAnswer, Rubric } from '../../../domain/ai-review';
import { scoreSuggestion, topLevel } from '../../../domain/ai-review';

/*
 * What our own code decides about the model's answer: which quotes are really in the
 * submission, the score suggestion, and text in the submission addressed to an AI reviewer.
 */

export type FileLines = Map<string, string[]>;

export const linesOf = (files: readonly { path: string; content: string }[]): FileLines =>
  new Map(files.map((f) => [f.path, f.content.split(/\r?\n/)]));

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The model may copy our line-number gutter ("  12 | code"); it is not part of the code. */
const withoutGutter = (quote: string) =>
  quote
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\d+\s?\|\s?/, ''))
    .join('\n');

/** A quote counts as evidence only when those lines of that file contain it. */
export function citationHolds(c: Citation, lines: FileLines): boolean {
  const file = lines.get(c.file);
  if (!file || c.endLine < c.startLine || c.startLine > file.length) return false;
  const text = squash(file.slice(c.startLine - 1, Math.min(c.endLine, file.length)).join('\n'));
  const quote = squash(withoutGutter(c.quote));
  return quote.length > 0 && text.includes(quote);
}

/** Is the answer complete for the features asked and the rubric's criteria and levels? */
export function answerProblems(
  answer: ModelAnswer,
  rubric: Rubric,
  wanted: { rubric: boolean; notes: boolean; feedback: boolean; questions: boolean },
): string[] {
  const problems: string[] = [];
  if (wanted.rubric) {
    for (const c of rubric) {
      const got = answer.criteria?.find((a) => a.id === c.id);
      if (!got) problems.push(`criteria: "${c.id}" is missing`);
      else if (!c.levels.some((l) => l.level === got.level))
        problems.push(`criteria: "${c.id}" level ${got.level} is not one of the rubric's levels`);
    }
  }
  if (wanted.notes && !answer.notes) problems.push('notes: missing');
  if (wanted.feedback && !answer.feedbackDraft?.trim()) problems.push('feedbackDraft: missing');
  if (wanted.questions && (answer.questions?.length ?? 0) < 3)
    problems.push('questions: three are needed');
  return problems;
}

/** The reviewer's result: citations checked, our score, unverifiable notes dropped. */
export function assembleResult(
  answer: ModelAnswer,
  rubric: Rubric,
  lines: FileLines,
  extra: Pick<AiReviewResult, 'injectionNotes' | 'leftOut' | 'feedbackLanguage'>,
): AiReviewResult {
  let unverified = 0;
  const criteria = (answer.criteria ? rubric : []).flatMap((c) => {
    const got = answer.criteria?.find((a) => a.id === c.id);
    if (!got) return [];
    const evidence = got.evidence.filter((e) => {
      const holds = citationHolds(e, lines);
      if (!holds) unverified += 1;
      return holds;
    });
    return [
      {
        id: c.id,
        title: c.title,
        weight: c.weight,
        level: got.level,
        topLevel: topLevel(c),
        reasons: got.reasons,
        evidence,
      },
    ];
  });
  const notes = (answer.notes ?? []).filter((n) => {
    const file = lines.get(n.file);
    return file !== undefined && n.line <= file.length;
  });
  return {
    criteria,
    scoreSuggestion: criteria.length > 0 ? scoreSuggestion(criteria) : null,
    unverifiedCitations: unverified,
    notes,
    feedbackDraft: answer.feedbackDraft?.trim() || null,
    questions: (answer.questions ?? []).slice(0, 3),
    ...extra,
  };
}

/**
 * Phrases that address an AI reviewer rather than a person, in our five languages. Found by
 * our code, not the model's, and shown as neutral notes: a reviewer decides what they mean.
 */
const ADDRESSED_TO_AI: RegExp[] = [
  // en
  /\b(ignore|disregard|forget)\b.{0,30}\b(previous|prior|above|earlier|all)\b.{0,20}\b(instructions?|prompts?|rules)\b/i,
  /\b(give|award|assign|grant)\b.{0,30}\b(full marks|maximum|top score|highest score|100\s*(%|points|\/\s*100))/i,
  /\b(as an? (ai|llm|language model)|dear (ai|llm|assistant|model)|ai reviewer|system prompt)\b/i,
  /\byou are (now )?(an? )?(ai|assistant|grader|reviewer)\b/i,
  // de
  /\b(ignorier\w*|vergiss)\b.{0,30}\b(vorherigen|bisherigen|obigen|alle)\b.{0,20}\b(anweisungen|instruktionen|regeln)\b/i,
  /\b(volle punktzahl|volle punkte|höchstpunktzahl|bestnote)\b/i,
  // fr
  /\bignore[rz]?\b.{0,30}\b(instructions|consignes)\b.{0,20}\b(précédentes|ci-dessus|antérieures)\b/i,
  /\b(note maximale|tous les points|note parfaite)\b/i,
  // es
  /\bignora\w*\b.{0,30}\b(instrucciones)\b.{0,20}\b(anteriores|previas)\b/i,
  /\b(puntuaci[oó]n m[aá]xima|nota m[aá]xima|todos los puntos)\b/i,
  // ja
  /(以前|前|上記|これまで)の(指示|命令|インストラクション)を(無視|忘れ)/,
  /(満点|最高(点|評価)|100点)を(与え|付け|つけ)/,
];

export function scanForInjection(
  files: readonly { path: string; content: string }[],
): AiReviewResult['injectionNotes'] {
  const notes: AiReviewResult['injectionNotes'] = [];
  for (const file of files) {
    file.content.split(/\r?\n/).forEach((line, i) => {
      if (ADDRESSED_TO_AI.some((re) => re.test(line))) {
        notes.push({ file: file.path, line: i + 1, excerpt: line.trim().slice(0, 200) });
      }
    });
  }
  return notes;
}
