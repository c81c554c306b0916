/**
 * `text` cut to at most `max` UTF-16 code units, never between the two halves of a character
 * outside the Basic Multilingual Plane (an emoji, say): half of one would show as "�".
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
