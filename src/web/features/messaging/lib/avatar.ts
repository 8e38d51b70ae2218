/** The hues an inbox avatar may take; each is drawn as shade 9 on shade 1 (AA contrast). */
export const AVATAR_TONES = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink'] as const;
export type AvatarTone = (typeof AVATAR_TONES)[number];

/** The same name always gets the same hue, so a person is recognisable down the list. */
export function avatarTone(name: string): AvatarTone {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return AVATAR_TONES[hash % AVATAR_TONES.length]!;
}

/** The first letter of a name, upper-cased (a whole emoji or accented letter); '?' for none. */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}
