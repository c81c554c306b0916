import { cn } from "~/lib/cn";

/** Shared look of text inputs and text areas, including the invalid state set by `Field`. */
export const inputClassName = cn(
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs sm:text-sm",
  "placeholder:text-muted-foreground transition-[color,box-shadow] motion-reduce:transition-none",
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-hidden",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
);

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
