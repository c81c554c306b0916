import { cn } from "~/lib/cn";

type IconProps = React.ComponentProps<"svg">;

/** A ring with a gap; spins while something is busy. Decorative: callers label the busy state. */
export function SpinnerIcon({ className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className={cn(
        "size-4 animate-spin motion-reduce:animate-[spin_2s_linear_infinite]",
        className,
      )}
      {...props}
    >
      <circle cx="12" cy="12" r="9" className="opacity-25" />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </svg>
  );
}

/** The outline icons' common drawing: 24 × 24, round 2 px strokes, hidden from screen readers. */
function OutlineIcon({ className, children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn("size-4", className)}
      {...props}
    >
      {children}
    </svg>
  );
}

/** A cross, for close buttons. Decorative: the button carries the label. */
export function CloseIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </OutlineIcon>
  );
}

/** Cross-hairs, for "use my location". */
export function LocateIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </OutlineIcon>
  );
}

/** A map pin, for a place. */
export function PinIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z" />
      <circle cx="12" cy="10" r="2.5" />
    </OutlineIcon>
  );
}

/** A sprout: two leaves on a stem, for a meadow. */
export function SproutIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 21v-9" />
      <path d="M12 12c0-4-3-6-7-6 0 4 3 6 7 6Z" />
      <path d="M12 14c0-4 3-7 7-7 0 4-3 7-7 7Z" />
    </OutlineIcon>
  );
}

/** Three sliders, for the filters that fold away. */
export function SlidersIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </OutlineIcon>
  );
}

/** A downward chevron, for something that folds open. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </OutlineIcon>
  );
}

/** A chevron pointing left, for "previous". */
export function ChevronLeftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m15 6-6 6 6 6" />
    </OutlineIcon>
  );
}

/** A chevron pointing right, for "next". */
export function ChevronRightIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m9 6 6 6-6 6" />
    </OutlineIcon>
  );
}

/** A waste bin, for delete buttons. */
export function TrashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </OutlineIcon>
  );
}

/** A picture with a plus, for adding photos. */
export function AddPhotoIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
      <path d="M18 3v6M15 6h6" />
    </OutlineIcon>
  );
}

/** A heart, outlined or filled: the favorite button's. */
/** The heart's outline, in a 24-unit square; drawn with the outline icons' stroke. */
export const HEART_PATH =
  "M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z";

export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <OutlineIcon fill={filled ? "currentColor" : "none"} {...props}>
      <path d={HEART_PATH} />
    </OutlineIcon>
  );
}
