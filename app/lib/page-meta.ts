/** The title and description every page sets, translated by its loader. */
export interface PageMeta {
  title: string;
  description: string;
}

export function pageMeta(meta: PageMeta | undefined) {
  if (!meta) return [];
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Plukweide" },
  ];
}
