import { useEffect, type RefObject } from "react";

/**
 * A <details> element used as a menu, which opens and closes without JavaScript. With it,
 * Escape inside the menu closes it and gives focus back to its summary; with `clickOutside`, a
 * click elsewhere on the page closes it too. A click, not the start of a press: closing moves
 * what lies below the menu, and a press on a button there would then end beside it.
 */
export function useDetailsMenu(
  ref: RefObject<HTMLDetailsElement | null>,
  { clickOutside = false }: { clickOutside?: boolean } = {},
) {
  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    const closeOutside = (event: MouseEvent) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    menu.addEventListener("keydown", closeOnEscape);
    if (clickOutside) document.addEventListener("click", closeOutside);
    return () => {
      menu.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("click", closeOutside);
    };
  }, [ref, clickOutside]);
}
