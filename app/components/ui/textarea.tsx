import { cn } from "~/lib/cn";
import { inputClassName } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(inputClassName, "min-h-24 py-2 field-sizing-content", className)}
      {...props}
    />
  );
}
