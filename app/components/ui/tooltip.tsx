import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { cn } from "~/lib/cn";

/** How long the pointer rests on a trigger before its tooltip opens (SPEC section 9). */
export const TOOLTIP_DELAY_DURATION_MS = 700;

/** Within this time after one tooltip closes, the next one opens without the delay. */
export const TOOLTIP_SKIP_DELAY_DURATION_MS = 300;

/** Shares the delays between all tooltips; place it once, around the whole page. */
export function TooltipProvider(props: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_DURATION_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_DURATION_MS}
      {...props}
    />
  );
}

export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-xs origin-(--radix-tooltip-content-transform-origin) rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background shadow-md",
          "motion-safe:data-[state=closed]:animate-pop-out motion-safe:data-[state=delayed-open]:animate-pop-in motion-safe:data-[state=instant-open]:animate-fade-in",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
