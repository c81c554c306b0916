import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import { useState } from "react";
import { useFormAction, useNavigation } from "react-router";
import { cn } from "~/lib/cn";
import { SpinnerIcon } from "./icons";

export const buttonVariants = cva(
  // The base look is one class (app.css): pages repeat buttons, and each page's HTML is made on
  // every request. Its icons' size stays a utility, which wins over an icon's own class.
  ["button-box", "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0"],
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline:
          "border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-9 px-3",
        default: "h-10 px-4 py-2",
        lg: "h-11 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = Omit<React.ComponentProps<"button">, "onClick"> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the single child (a link, say) with the button's classes instead of a `<button>`. */
    asChild?: boolean;
    /** Shows the busy state whatever the click handler does. */
    loading?: boolean;
    /** Visually hidden text read out while busy, such as "Saving…"; the caller translates it. */
    busyLabel?: string;
    /** When the handler returns a promise, the button stays busy until that promise settles. */
    onClick?: (event: React.MouseEvent<HTMLButtonElement>) => unknown;
  };

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  busyLabel,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const [clickPending, setClickPending] = useState(false);
  const busy = loading || clickPending;

  function handleClick(event: React.MouseEvent<HTMLButtonElement>) {
    // A busy button stays focusable (aria-disabled rather than disabled, so keyboard focus is not
    // lost), so it has to refuse activation itself, including the form submission a click causes.
    if (busy) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (isPromiseLike(result)) {
      setClickPending(true);
      result.then(
        () => setClickPending(false),
        (error: unknown) => {
          setClickPending(false);
          // Rethrown so a failed handler still surfaces as an unhandled rejection, as it would
          // without the button in between.
          throw error;
        },
      );
    }
  }

  const shared = {
    "data-slot": "button",
    className: cn(buttonVariants({ variant, size }), className),
    ...props,
    "aria-busy": busy || undefined,
    "aria-disabled": busy || props["aria-disabled"] || undefined,
    onClick: handleClick,
  };

  if (asChild) {
    return <Slot {...shared}>{children}</Slot>;
  }

  return (
    <button {...shared}>
      {/* The label stays in the layout while busy so the button keeps its width. */}
      <span
        className={cn("inline-flex items-center justify-center gap-2", busy && "opacity-0")}
        aria-hidden={busy && busyLabel ? true : undefined}
      >
        {children}
      </span>
      {busy ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <SpinnerIcon />
        </span>
      ) : null}
      {busy && busyLabel ? <span className="sr-only">{busyLabel}</span> : null}
    </button>
  );
}

/** What a click on a submit button is about to send, read from its form at click time. */
interface ClickedSubmission {
  /** The form's resolved `action`, or null when the button's own `formAction` decides. */
  formAction: string | null;
  entries: readonly string[];
}

/**
 * A form's entries as a sorted set: the submitter's entry lands in different places, and some DOM
 * implementations (happy-dom) add it twice where React Router appends it after `FormData` did.
 */
function serializeFormData(data: FormData): string[] {
  const entries = Array.from(data, ([key, value]) =>
    [key, ...(typeof value === "string" ? [value] : [value.name, value.size, value.type])].join(
      "\u0000",
    ),
  );
  return [...new Set(entries)].sort();
}

function readClickedSubmission(button: HTMLButtonElement): ClickedSubmission | null {
  const form = button.form;
  if (!form) return null;
  // The submitter's name and value are added by hand: `new FormData(form, submitter)` is missing
  // from older browsers, where React Router appends them the same way.
  const data = new FormData(form);
  if (button.name) data.append(button.name, button.value);
  return {
    formAction: button.hasAttribute("formaction") ? null : form.getAttribute("action"),
    entries: serializeFormData(data),
  };
}

function isSubmitting(
  navigation: ReturnType<typeof useNavigation>,
  action: string,
  clicked: ClickedSubmission,
): boolean {
  if (navigation.state === "idle" || navigation.formAction !== action || !navigation.formData) {
    return false;
  }
  const sent = serializeFormData(navigation.formData);
  return (
    sent.length === clicked.entries.length &&
    sent.every((entry, index) => entry === clicked.entries[index])
  );
}

export type SubmitButtonProps = Omit<ButtonProps, "type" | "loading" | "asChild" | "formAction"> & {
  /** Where this button posts, when not to its form's action; a URL, as React Router submits it. */
  formAction?: string;
  /**
   * Busy state decided by the caller, such as `fetcher.state !== "idle"` for a fetcher form. When
   * given, it replaces the check against the page navigation.
   */
  pending?: boolean;
};

/**
 * A submit button that is busy while the navigation it started is submitting or loading. It
 * compares what its form held when it was clicked (pressing Enter in a field clicks the form's
 * first submit button too) with what the navigation sends, so of several forms posting the same
 * intent to the same action (a delete button on every row) only the one submitted turns busy.
 * Forms submitted from code, and fetcher forms, pass `pending` instead.
 */
export function SubmitButton({ pending, onClick, formAction, ...props }: SubmitButtonProps) {
  const navigation = useNavigation();
  const buttonAction = useFormAction(formAction);
  const [clicked, setClicked] = useState<ClickedSubmission | null>(null);

  const busy =
    pending ??
    (clicked !== null && isSubmitting(navigation, clicked.formAction ?? buttonAction, clicked));

  function handleClick(event: React.MouseEvent<HTMLButtonElement>) {
    const result = onClick?.(event);
    if (!event.defaultPrevented) setClicked(readClickedSubmission(event.currentTarget));
    return result;
  }

  return (
    <Button {...props} type="submit" formAction={formAction} loading={busy} onClick={handleClick} />
  );
}
