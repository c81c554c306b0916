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
