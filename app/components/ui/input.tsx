import { cn } from "~/lib/cn";

/**
 * Shared look of text inputs, selects and text areas, including the invalid state set by
 * `Field`: one class (app.css), since forms repeat it on every field of every page. Utilities
 * passed beside it win over it (it is in the components layer).
 */
export const inputClassName = "input-box";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        inputClassName,
        "h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
