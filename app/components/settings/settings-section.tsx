/** One titled card of the settings page; `danger` marks the one that cannot be undone. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  danger,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-card p-6 text-card-foreground shadow-sm ${danger ? "border-destructive/50" : "border-border"}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${danger ? "text-destructive" : ""}`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
