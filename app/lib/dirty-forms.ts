/**
 * Whether any form on the page holds input the user has not submitted: a field whose value
 * differs from the one the page was rendered with.
 */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const element of root.querySelectorAll("input, textarea, select")) {
    if (element instanceof HTMLInputElement) {
      if (["hidden", "submit", "button", "reset", "image"].includes(element.type)) continue;
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.type === "file") {
        if ((element.files?.length ?? 0) > 0) return true;
      } else if (element.value !== element.defaultValue) {
        return true;
      }
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      const options = [...element.options];
      if (element.multiple) {
        if (options.some((option) => option.selected !== option.defaultSelected)) return true;
      } else {
        // Without an option marked selected, a select starts on its first option.
        const initial = options.find((option) => option.defaultSelected) ?? options[0];
        if ((initial?.value ?? "") !== element.value) return true;
      }
    }
  }
  return false;
}
