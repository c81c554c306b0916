-- A meadow's description in Dutch beside the one in English (`description`), so a page shows
-- its visitor's language (ADR 34). Added at the end of the row, as ADR 11 asks of new columns;
-- with a constant default, PostgreSQL adds it without rewriting the table.
ALTER TABLE "meadows" ADD COLUMN "description_nl" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Search must find words of both descriptions. PostgreSQL 15 cannot change a generated
-- column's expression, and dropping and adding search_text would move it to the end of the row
-- (ADR 11) and rebuild its three indexes. It stays where it is as a plain column, without a
-- rewrite, and a trigger fills it. With no Dutch text the trigger gives what the generated
-- column gave, so every stored value and index entry stays valid as it is. Names are
-- schema-qualified, so a restore with an empty search_path fills it the same way.
ALTER TABLE "meadows" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "meadows" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
CREATE OR REPLACE FUNCTION meadows_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := public.immutable_unaccent(pg_catalog.lower(
    NEW.name || ' ' || NEW.description
      || CASE WHEN NEW.description_nl = '' THEN '' ELSE ' ' || NEW.description_nl END));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "meadows_fill_search_text" BEFORE INSERT OR UPDATE ON "meadows"
  FOR EACH ROW EXECUTE FUNCTION meadows_fill_search_text();
