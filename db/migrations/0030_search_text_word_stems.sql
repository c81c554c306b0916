-- Words as people write them (docs/search.md, ADR 61): search_text gains the English and Dutch
-- stems of its words that are not already part of it ("strawberry" brings "strawberri", the stem
-- "strawberries" shares), and a word of the box is looked for by its shortest stem of four or more
-- letters. Both stems come from PostgreSQL's own Snowball dictionaries, which PGlite bundles too,
-- so the trigram index, the area index and every plan read stems as they read words.
-- The configurations and dictionaries are built in and never change, so the wrappers are safe to
-- declare IMMUTABLE, as immutable_unaccent is.
CREATE OR REPLACE FUNCTION meadow_word_stems(folded text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(' ' || pg_catalog.string_agg(stem, ' ' ORDER BY stem), '')
    FROM (
      SELECT DISTINCT stem
      FROM pg_catalog.unnest(
        pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.english'::regconfig, folded))
          || pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.dutch'::regconfig, folded))
      ) AS stem
      WHERE pg_catalog.strpos(folded, stem) = 0
    ) AS stems
  $$;--> statement-breakpoint
-- A word of the box as it is looked for: folded as search_text is, then the shortest of it and
-- its English and Dutch stems of four letters or more, each read as to_tsvector reads the text
-- (a word with digits is not stemmed there, nor here; a word it parses as several is left whole) (a stem before the word when as long:
-- "strawberry" is looked for as "strawberri"). Shorter stems, and a stem that only drops a final
-- e, would match too much ("lisse" as "lis", "linge" as "ling", which "wandeling" holds); the
-- word itself still finds the forms that add to it ("hoeve", "hoeven").
CREATE OR REPLACE FUNCTION meadow_word_key(word text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce((
      SELECT stem
      FROM (
        SELECT pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(config, folded.word)) AS lexemes
        FROM pg_catalog.unnest(
          array['pg_catalog.english', 'pg_catalog.dutch']::pg_catalog.regconfig[]) AS config
      ) AS parsed, pg_catalog.unnest(parsed.lexemes) AS stem
      WHERE pg_catalog.cardinality(parsed.lexemes) = 1
        AND pg_catalog.length(stem) >= 4 AND pg_catalog.length(stem) <= pg_catalog.length(folded.word)
        AND stem || 'e' <> folded.word
      ORDER BY pg_catalog.length(stem), stem
      LIMIT 1
    ), folded.word)
    FROM (SELECT public.immutable_unaccent(pg_catalog.lower(word)) AS word) AS folded
  $$;--> statement-breakpoint
-- The search text: the name and its stems, then, after a unit separator (U+001F, which the box
-- never sends: it makes control characters spaces), the descriptions and their stems. A word
-- found before the separator is in the name, which ranks first (docs/search.md).
CREATE OR REPLACE FUNCTION meadow_search_text(name text, description text, description_nl text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT folded.name || public.meadow_word_stems(folded.name) || E' \x1f '
      || folded.descriptions || public.meadow_word_stems(folded.descriptions)
    FROM (SELECT public.immutable_unaccent(pg_catalog.lower(name)) AS name,
            public.immutable_unaccent(pg_catalog.lower(description
              || CASE WHEN description_nl = '' THEN '' ELSE ' ' || description_nl END))
              AS descriptions) AS folded
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION meadows_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := public.meadow_search_text(NEW.name, NEW.description, NEW.description_nl);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Existing meadows gain their stems and the separator; the trigger above computes them.
UPDATE "meadows" SET "search_text" = '';
