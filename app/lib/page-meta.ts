import { cutText } from "./cut-text";

/** The title and description every page sets, translated by its loader. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The tags of `meta`. `index: false` asks search engines to leave the page out: a member's own
 * pages, forms, and pages reached from an email link.
 */
export function pageMeta(meta: PageMeta | undefined, { index = true }: { index?: boolean } = {}) {
  const robots = index ? [] : [{ name: "robots", content: "noindex" }];
  if (!meta) return robots;
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Plukweide" },
    ...robots,
  ];
}

/**
 * `text` on one line for a meta description or a link preview, at most `max` characters: cut
 * after a whole word, ending in "…", so a preview never stops inside a word (or a character).
 */
export function metaDescription(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  // The last space within `max` characters ends the last word that fits with its "…".
  const space = line.lastIndexOf(" ", max - 1);
  // Only one long word (a web address, say) in the room: cut it, not at a lone first word.
  const kept = space > max / 3 ? line.slice(0, space) : cutText(line, max - 1);
  return `${kept.replace(/[\s,;:\-–—]+$/, "")}…`;
}
