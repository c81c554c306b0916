import { cn } from "~/lib/cn";

/*
 * The map's pins and cluster badges as HTML elements for MapLibre markers: plain DOM with the
 * app's classes, no glyphs or sprites, so they look the same on the configured style and on the
 * built-in one, and buttons a keyboard reaches.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** The pin's drawing: a teardrop in the primary colour around a light dot, tip at the bottom. */
function pinGraphic(size: "sm" | "md"): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 28 36");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute(
    "class",
    cn(
      size === "md" ? "h-9 w-7 drop-shadow-md" : "h-8 w-6 drop-shadow",
      // Grown from its tip. Only the drawing scales: MapLibre places the marker element with a
      // transform, which a `scale` on the element itself would scale too, moving the pin away.
      "origin-bottom transition-transform group-hover:scale-110 motion-reduce:transition-none",
    ),
  );
  const drop = document.createElementNS(SVG_NS, "path");
  drop.setAttribute(
    "d",
    "M14 35c-.6 0-1.1-.3-1.4-.8C9.6 29.5 1 21.6 1 13.9 1 6.8 6.8 1 14 1s13 5.8 13 12.9c0 7.7-8.6 15.6-11.6 20.3-.3.5-.8.8-1.4.8Z",
  );
  drop.setAttribute("class", "fill-primary stroke-background");
  drop.setAttribute("stroke-width", "1.5");
  const dot = document.createElementNS(SVG_NS, "circle");
  dot.setAttribute("cx", "14");
  dot.setAttribute("cy", "13.5");
  dot.setAttribute("r", "5");
  dot.setAttribute("class", "fill-primary-foreground");
  svg.append(drop, dot);
  return svg;
}

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** A meadow's pin, a button that opens its popup; `label` names it for screen readers. */
export function pinButton(
  label: string,
  onActivate: (element: HTMLElement, byKeyboard: boolean) => void,
) {
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.className = cn("group block cursor-pointer rounded-md", focusRing);
  button.dataset.mapPin = "";
  button.append(pinGraphic("md"));
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    // Enter and Space click a button with no pointer: `detail` counts pointer clicks.
    onActivate(button, event.detail === 0);
  });
  return button;
}

/** A pin that only shows where something is (the detail page's map). */
export function pinFigure(label: string) {
  const figure = document.createElement("div");
  figure.setAttribute("role", "img");
  figure.setAttribute("aria-label", label);
  figure.dataset.mapPin = "";
  figure.append(pinGraphic("md"));
  return figure;
}

/** A cluster's badge with its count, a button that zooms into the cluster. */
export function clusterButton({
  count,
  text,
  label,
  onActivate,
}: {
  count: number;
  /** The count as the page's language writes it. */
  text: string;
  label: string;
  onActivate: () => void;
}) {
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-label", label);
  button.title = label;
  button.className = cn("group block cursor-pointer rounded-full", focusRing);
  button.dataset.mapCluster = "";
  // The badge inside grows on hover; see pinGraphic for why the button itself does not.
  const badge = document.createElement("span");
  badge.setAttribute("aria-hidden", "true");
  badge.className = cn(
    "flex items-center justify-center rounded-full border-2 border-background",
    "bg-primary/90 font-semibold text-primary-foreground tabular-nums shadow-md ring-4 ring-primary/25",
    "transition-transform group-hover:scale-105 motion-reduce:transition-none",
    count < 100 ? "size-9 text-sm" : count < 1000 ? "size-11 text-sm" : "size-13 text-xs",
  );
  badge.textContent = text;
  button.append(badge);
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate();
  });
  return button;
}
