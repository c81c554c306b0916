import { useId } from "react";
import { cn } from "~/lib/cn";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

export type FieldErrors = ReadonlyArray<string> | null | undefined;

export interface ErrorListProps {
  id?: string;
  errors: FieldErrors;
  className?: string;
}

/**
 * A field's or a form's error messages. It is an alert, so messages that appear after a submit
 * are read out; point the control's `aria-describedby` at its `id` so they are read again on focus.
 */
export function ErrorList({ id, errors, className }: ErrorListProps) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" data-slot="error-list" className={cn("text-sm", className)}>
      <ul className="flex flex-col gap-1 text-destructive">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

interface FieldBaseProps {
  /** Props for the `<label>`; its `children` is the visible label text. */
  labelProps: React.ComponentProps<typeof Label>;
  /** Help shown under the control and read out with it. */
  hint?: React.ReactNode;
  /** Messages to show; the control is marked invalid only when there is at least one. */
  errors?: FieldErrors;
  /** Id for the hint; defaults to "<control id>-hint". Conform's `descriptionId` fits here. */
  hintId?: string;
  /** Id for the error list; defaults to "<control id>-error". Conform's `errorId` fits here. */
  errorId?: string;
  className?: string;
}

interface FieldWiring {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function useFieldWiring(
  { hint, errors, hintId, errorId }: FieldBaseProps,
  controlProps: { id?: string; "aria-describedby"?: string },
): FieldWiring {
  const fallbackId = useId();
  const id = controlProps.id ?? fallbackId;
  const resolvedHintId = hint ? (hintId ?? `${id}-hint`) : undefined;
  const resolvedErrorId = errors?.length ? (errorId ?? `${id}-error`) : undefined;
  // Keeps ids the caller already set (Conform sets some), without repeating any.
  const describedBy = new Set(
    [controlProps["aria-describedby"]?.split(/\s+/), resolvedHintId, resolvedErrorId]
      .flat()
      .filter((token): token is string => Boolean(token)),
  );
  return {
    id,
    hintId: resolvedHintId,
    errorId: resolvedErrorId,
    "aria-invalid": resolvedErrorId ? true : undefined,
    "aria-describedby": describedBy.size > 0 ? [...describedBy].join(" ") : undefined,
  };
}

function FieldLayout({
  wiring,
  labelProps,
  hint,
  errors,
  className,
  children,
}: FieldBaseProps & { wiring: FieldWiring; children: React.ReactNode }) {
  return (
    <div data-slot="field" className={cn("grid gap-1.5", className)}>
      <Label htmlFor={wiring.id} {...labelProps} />
      {children}
      {hint ? (
        <p id={wiring.hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={wiring.errorId} errors={errors} />
    </div>
  );
}

/** A labelled `<input>` with an optional hint and its error messages, wired for screen readers. */
export function Field({
  inputProps,
  ...fieldProps
}: FieldBaseProps & { inputProps: React.ComponentProps<"input"> }) {
  const wiring = useFieldWiring(fieldProps, inputProps);
  return (
    <FieldLayout {...fieldProps} wiring={wiring}>
      <Input
        {...inputProps}
        id={wiring.id}
        aria-invalid={wiring["aria-invalid"]}
        aria-describedby={wiring["aria-describedby"]}
      />
    </FieldLayout>
  );
}

/** `Field` with a `<textarea>`. */
export function TextareaField({
  textareaProps,
  ...fieldProps
}: FieldBaseProps & { textareaProps: React.ComponentProps<"textarea"> }) {
  const wiring = useFieldWiring(fieldProps, textareaProps);
  return (
    <FieldLayout {...fieldProps} wiring={wiring}>
      <Textarea
        {...textareaProps}
        id={wiring.id}
        aria-invalid={wiring["aria-invalid"]}
        aria-describedby={wiring["aria-describedby"]}
      />
    </FieldLayout>
  );
}
