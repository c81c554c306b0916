/** Five petals around a yellow heart, on the primary green. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <circle cx="16" cy="16" r="15" className="fill-primary" />
      <g className="fill-primary-foreground">
        <circle cx="16" cy="10" r="4" />
        <circle cx="10" cy="15" r="4" />
        <circle cx="22" cy="15" r="4" />
        <circle cx="13" cy="21" r="4" />
        <circle cx="19" cy="21" r="4" />
      </g>
      <circle cx="16" cy="16" r="3" fill="#f5c542" />
    </svg>
  );
}
