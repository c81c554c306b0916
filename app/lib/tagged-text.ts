/**
 * A catalogue text with one part marked `<tag>…</tag>`, such as a link inside a sentence, cut
 * into the text before, the marked part and the text after, so the sentence stays whole in the
 * catalogue and each language puts the link where its grammar wants it. A text without the tag
 * comes back whole, before an empty part.
 */
export function splitAtTag(
  text: string,
  tag: string,
): [before: string, marked: string, after: string] {
  const match = new RegExp(`^(.*)<${tag}>(.*)</${tag}>(.*)$`, "s").exec(text);
  return match ? [match[1] ?? "", match[2] ?? "", match[3] ?? ""] : [text, "", ""];
}
