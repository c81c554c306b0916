-- The trigrams of each meadow's search text, each keyed by the map's grid cell it lies in (level 6
-- of meadow_grid: 1.40625 degrees, about 150 by 100 km), and the cell alone, as the lexemes of a
-- tsvector (ADR 15). A filtered map view asks this index for each word's rarest trigram in each
-- cell it shows, so it reads the lists of its own region, not of the whole table. pg_trgm's
-- show_trgm makes the trigrams, as for meadows_search_trgm_idx. Names are schema-qualified:
-- indexes are maintained with a fixed search_path.
CREATE OR REPLACE FUNCTION meadow_area_trigrams(lat double precision, lng double precision, search_text text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT pg_catalog.array_to_tsvector(pg_catalog.array_append(ARRAY(
      SELECT area.cell || ' ' || trigram FROM pg_catalog.unnest(public.show_trgm(search_text)) AS trigram),
      area.cell))
    FROM (SELECT pg_catalog.floor(lng / 1.40625::float8)::int || ',' || pg_catalog.floor(lat / 1.40625::float8)::int AS cell) AS area $$;
--> statement-breakpoint
-- One query per cell of `cells` ('cx,cy' of level 6): all of the words' trigrams in that cell,
-- each word's cut from the word, folded as search_text is, at its `trigram_starts` (0-based).
-- Given as `@@ ANY (…)`, the index is scanned once per cell, each scan intersecting its few
-- short lists. A trigram pg_trgm would not make (it splits words at characters other than
-- letters and digits, and hashes non-ASCII ones) gives the cell alone, whose list holds every
-- meadow of the cell: slower, never a meadow lost. The keys hold letters, digits, a comma, a
-- minus and a space, so quoting them makes a well-formed query.
CREATE OR REPLACE FUNCTION meadow_area_queries(cells text[], words text[], trigram_starts integer[])
  RETURNS tsquery[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT ARRAY(
      SELECT pg_catalog.string_agg(pg_catalog.quote_literal(
          CASE WHEN cut.trigram = ANY (public.show_trgm(cut.trigram)) THEN cell || ' ' || cut.trigram ELSE cell END),
        ' & ')::tsquery
      FROM pg_catalog.unnest(cells) WITH ORDINALITY AS c(cell, n)
      CROSS JOIN (SELECT pg_catalog.substr(public.immutable_unaccent(pg_catalog.lower(w.word)), w.start + 1, 3) AS trigram
        FROM ROWS FROM (pg_catalog.unnest(words), pg_catalog.unnest(trigram_starts)) AS w(word, start)) AS cut
      GROUP BY c.n, c.cell ORDER BY c.n) $$;
--> statement-breakpoint
CREATE INDEX "meadows_area_trgm_idx" ON "meadows" USING gin (meadow_area_trigrams("lat", "lng", "search_text"));
