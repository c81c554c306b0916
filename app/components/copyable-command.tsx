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
    <div className="relative mt-2 rounded-md border border-border bg-muted/60">
      <pre className="overflow-x-auto p-3 pr-24 text-sm leading-relaxed" aria-label={label}>
        <code>{command}</code>
      </pre>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="absolute top-1.5 right-1.5"
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
