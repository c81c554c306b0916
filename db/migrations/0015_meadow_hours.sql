-- Opening hours a program can read (issue 22, ADR 37): the OpenStreetMap `opening_hours` syntax,
-- and what the records service derives from it on every write, which "open now" asks: the open
-- minutes as keys (month - 1) * 10080 + minute of the week from Monday 00:00, and whether the
-- meadow closes on public holidays. `hours_form` is the version of that derivation: the app
-- derives rows of an older one again at start (and reads free-text hours that parse), since a
-- migration cannot run the hours library. New columns go at the end (ADR 11).
ALTER TABLE "meadows" ADD COLUMN "hours_syntax" text;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "open_minutes" int4multirange DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "closed_on_holidays" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "hours_form" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- "Open now": open_minutes @> key finds the meadows open at that minute without reading the rest.
CREATE INDEX "meadows_open_minutes_idx" ON "meadows" USING gist ("open_minutes");
