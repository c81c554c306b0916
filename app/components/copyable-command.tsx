import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/hooks/use-translation";

/**
 * A command to copy into a terminal: selectable text in any case, and a button that copies it
 * where the browser allows (with JavaScript, on https or localhost).
 */
export function CopyableCommand({ command, label }: { command: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-2 flex items-start gap-2 rounded-md border border-border bg-muted/60 p-1.5">
      {/* Wrapped, not scrolled: the whole command stays in view, on a phone too. */}
      <pre
        className="min-w-0 flex-1 p-1.5 text-sm leading-relaxed break-all whitespace-pre-wrap"
        aria-label={label}
      >
        <code>{command}</code>
      </pre>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="shrink-0"
        onClick={async () => {
          await navigator.clipboard.writeText(command);
          setCopied(true);
          setTimeout(() => setCopied(false), 2_000);
        }}
      >
        <span aria-live="polite">{copied ? t("apiPage.copied") : t("apiPage.copy")}</span>
      </Button>
    </div>
  );
}
