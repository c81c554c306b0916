/**
 * Choices made in a page's selects before React hydrated it. React sets a controlled select
 * back to the value it renders when it hydrates, and text fields are replayed by React itself
 * but selects are not: a country picked on a slow phone would quietly be undone. The entry
 * notes each select's choice from the moment its script runs until the page has hydrated, then
 * gives it back as a change event, so the page's own handlers take it up.
 */
const early = new Map<HTMLSelectElement, string[]>();
let listening = false;

function chosen(select: HTMLSelectElement): string[] {
  return [...select.options].filter((option) => option.selected).map((option) => option.value);
}

/** The choice the server's HTML made: options marked selected, else a single select's first. */
function initial(select: HTMLSelectElement): string[] {
  const marked = [...select.options].filter((option) => option.defaultSelected);
  if (marked.length > 0 || select.multiple) return marked.map((option) => option.value);
  const first = select.options.item(0);
  return first ? [first.value] : [];
}

const sameChoice = (a: string[], b: string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

function note(event: Event) {
  if (event.target instanceof HTMLSelectElement) early.set(event.target, chosen(event.target));
}

/** Starts noting: the selects already changed, and each change until giveBackEarlyChoices. */
export function noteEarlyChoices(root: Document = document): void {
  for (const select of root.querySelectorAll("select")) {
    if (!sameChoice(chosen(select), initial(select))) early.set(select, chosen(select));
  }
  if (listening) return;
  listening = true;
  root.addEventListener("change", note, true);
}

/**
 * Once hydrated: each noted choice chosen again, as a change event. Sent even where the select
 * still shows it: React sets a controlled select to its own value at every render, so until its
 * handler has heard of the choice the next render would undo it.
 */
export function giveBackEarlyChoices(root: Document = document): void {
  root.removeEventListener("change", note, true);
  listening = false;
  for (const [select, values] of early) {
    if (!select.isConnected) continue;
    for (const option of select.options) option.selected = values.includes(option.value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  early.clear();
}
