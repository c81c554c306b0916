import type { Locator } from "@playwright/test";

/** Room Chromium keeps for a menu's arrow inside the box, in CSS pixels. */
const MENU_ARROW_PX = 16;

/**
 * Whether a form field shows its text whole: its height, the width its text needs at its own font
 * (an input's hint, a menu's chosen option) and the width its box leaves for that text.
 */
export function fieldFit(field: Locator) {
  return field.evaluate((element: HTMLInputElement | HTMLSelectElement, arrow) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    context.font = style.font;
    const isMenu = element instanceof HTMLSelectElement;
    const text = isMenu ? (element.selectedOptions[0]?.text ?? "") : element.placeholder;
    return {
      height: element.getBoundingClientRect().height,
      text: context.measureText(text).width,
      room:
        element.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        (isMenu ? arrow : 0),
    };
  }, MENU_ARROW_PX);
}
