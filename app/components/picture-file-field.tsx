import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PHOTO_ACCEPT } from "~/lib/schemas/photo";

/**
 * A labelled file input for pictures, of the types the server takes (PHOTO_ACCEPT), in a form
 * that works without JavaScript: the meadow's photo form and the avatar form. A `hint` below it
 * gets the id "<id>-hint" and describes the input after the ids in `describedBy`.
 */
export function PictureFileField({
  id,
  name,
  label,
  multiple,
  hint,
  describedBy,
  invalid,
  className,
  inputRef,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  multiple?: boolean;
  hint?: React.ReactNode;
  /** Ids of other elements that describe the input, such as the section's hint or its errors. */
  describedBy?: string;
  invalid?: boolean;
  /** Classes of the input. */
  className?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const description = [describedBy, hintId].filter(Boolean).join(" ");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        multiple={multiple}
        required
        accept={PHOTO_ACCEPT}
        aria-describedby={description || undefined}
        aria-invalid={invalid || undefined}
        className={className}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
