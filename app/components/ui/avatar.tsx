import * as AvatarPrimitive from "@radix-ui/react-avatar";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

/**
 * Initials for an avatar without a picture: the first letter (or digit) of each of the first two
 * words, upper-cased; "?" when there are none. Pass the page's locale so the server and the browser
 * upper-case alike (Turkish "i" → "İ").
 */
export function initials(alt: string, locale?: string): string {
  const letters: string[] = [];
  for (const word of alt.normalize("NFC").split(/\s+/u)) {
    // Skips leading punctuation ("(Anna)") and words without letters ("Anna & Bert" → "AB").
    const first = /[\p{L}\p{N}]/u.exec(word)?.[0];
    if (first) letters.push(first);
    if (letters.length === 2) break;
  }
  return letters.length > 0 ? letters.join("").toLocaleUpperCase(locale) : "?";
}

export const avatarVariants = cva(
  "relative inline-flex shrink-0 overflow-hidden rounded-full bg-muted align-middle",
  {
    variants: {
      size: {
        sm: "size-8 text-xs",
        default: "size-10 text-sm",
        lg: "size-16 text-lg",
        xl: "size-24 text-2xl",
      },
    },
    defaultVariants: { size: "default" },
  },
);

export type AvatarProps = Omit<React.ComponentProps<typeof AvatarPrimitive.Root>, "children"> &
  VariantProps<typeof avatarVariants> & {
    /** The person's or place's name; read out, and the source of the initials. */
    alt: string;
    src?: string;
    srcSet?: string;
    sizes?: string;
    /** Locale for upper-casing the initials. */
    locale?: string;
  };

/** A round picture that falls back to initials while it loads, or when it has none or fails. */
export function Avatar({
  alt,
  src,
  srcSet,
  sizes,
  locale,
  size,
  className,
  ...props
}: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image
          data-slot="avatar-image"
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className="flex size-full items-center justify-center font-medium text-secondary-foreground select-none bg-secondary"
      >
        {initials(alt, locale)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
