/**
 * Blind review (issue 21 item 3, docs/decisions/026): while a template's switch is on, the
 * reviewer (the assigning recruiter) sees "Candidate 7F3A" instead of the candidate's name,
 * e-mail, phone and photo until the score is saved and they reveal the identity (audited).
 */

export const BLIND_REVIEW_TEXTS = {
  hidden: 'Blind review: the name, e-mail, phone and photo are hidden until you save a score.',
  reveal: 'Reveal candidate',
  revealNeedsScore: 'Save a score first: blind review reveals the candidate only after scoring',
  notBlind: 'This assessment is not under blind review',
} as const;

/** FNV-1a, 32 bits: a short stable digest the browser and the server compute alike. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** "Candidate 7F3A": the same for an assessment every time, unrelated to the person. */
export function pseudonym(assessmentId: string): string {
  const code = (fnv1a(`blind-review:${assessmentId}`) & 0xffff)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
  return `Candidate ${code}`;
}

/**
 * Whether this viewer gets the reviewer's view without identity: a recruiter (the assigning
 * one: others cannot see the assessment at all), blind review on, not revealed yet.
 * Admins and the candidate always see everything.
 */
export function identityHiddenFrom(
  viewer: { role: string | null } | null,
  row: { blindReview: boolean; identityRevealedAt: Date | string | null },
): boolean {
  return viewer?.role === 'recruiter' && row.blindReview && row.identityRevealedAt === null;
}
