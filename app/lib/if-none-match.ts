/** Whether an If-None-Match header names `tag` (compared weakly, as RFC 9110 asks for it). */
export function matchesIfNoneMatch(header: string | null | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = tag.replace(/^W\//, "");
  return header
    .split(",")
    .map((entry) => entry.trim().replace(/^W\//, ""))
    .includes(bare);
}
