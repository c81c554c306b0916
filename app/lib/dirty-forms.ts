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
      for (const option of element.options) {
        if (option.selected !== option.defaultSelected) {
          // A select with no option marked selected shows its first one: that is not a change.
          const untouchedDefault =
            option.index === 0 && ![...element.options].some((o) => o.defaultSelected);
          if (!untouchedDefault) return true;
        }
      }
    }
  }
  return false;
}
