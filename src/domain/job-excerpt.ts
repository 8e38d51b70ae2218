/** Text ending in a full stop, colon and the like already: no separator added. */
const ENDS_SENTENCE = /[.!?:;…。！？：；]$/u;
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]$/u;

/**
 * The start of a Markdown description as plain sentences, for a job card: each heading,
 * paragraph line and list item keeps its words and ends as a sentence ("About the role: Join
 * the team. Ship features."), instead of running into the next one.
 */
export function excerptOf(markdown: string, max = 200): string {
  const blocks = markdown
    .replace(/```[\s\S]*?```/g, '\n')
    .split(/\r?\n/)
    .map((line) => {
      const heading = /^\s{0,3}#{1,6}\s/.test(line);
      const text = line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*(?:>\s*)+/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__|\*|_|~~|`)(\S(?:.*?\S)?)\1/g, '$2')
        .replace(/^\s*(?:[-*_]\s*){3,}$/, '')
        .replace(/\|/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!text || ENDS_SENTENCE.test(text)) return text;
      const cjk = CJK_END.test(text);
      if (heading) return `${text}${cjk ? '：' : ':'}`;
      return `${text}${cjk ? '。' : '.'}`;
    })
    .filter((text) => text !== '');
  const plain = blocks.join(' ').replace(/([。：]) /gu, '$1');
  const chars = Array.from(plain);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : plain;
}
