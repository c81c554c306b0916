-- The distinct words of the meadows' search texts (docs/search.md): a word of the box that no
-- meadow holds is looked up among these for the one it is a slip from ("zonnehoeck" →
-- "zonnehoek"), where a lookup among the texts themselves reads every text that shares the
-- word's common trigrams. Each word counts the meadows holding it, so it goes with the last one.
CREATE TABLE "meadow_words" (
	"word" text PRIMARY KEY NOT NULL,
	"meadows" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meadow_words_trgm_idx" ON "meadow_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of a search text as the box's words are looked for in it: runs of letters and
-- digits, of four or more (a word the box looks for has four or more: its stem, see
-- meadow_word_key), each once.
CREATE FUNCTION meadow_words_of(search_text text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT DISTINCT word
    FROM pg_catalog.regexp_split_to_table(search_text, '[^[:alnum:]]+') AS word
    WHERE pg_catalog.length(word) >= 4
  $$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the words of each text; a word no meadow holds any
-- longer goes. Words are written in their order, so writers of the same words wait for each
-- other rather than deadlock.
CREATE FUNCTION meadow_words_apply(texts text[], signs integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO meadow_words AS held (word, meadows)
  SELECT w.word, sum(t.sign)::integer
  FROM unnest(texts, signs) AS t(search_text, sign), meadow_words_of(t.search_text) AS w(word)
  GROUP BY w.word
  HAVING sum(t.sign) <> 0
  ORDER BY w.word
  ON CONFLICT (word) DO UPDATE SET meadows = held.meadows + excluded.meadows;
  IF -1 = ANY (signs) THEN
    DELETE FROM meadow_words AS held
    USING (
      SELECT DISTINCT w.word
      FROM unnest(texts, signs) AS t(search_text, sign), meadow_words_of(t.search_text) AS w(word)
      WHERE t.sign < 0
    ) AS gone
    WHERE held.word = gone.word AND held.meadows <= 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION meadow_words_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM meadow_words_apply(array_agg(n.search_text), array_agg(1)) FROM new_rows AS n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM meadow_words_apply(array_agg(o.search_text), array_agg(-1)) FROM old_rows AS o;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM meadow_words_apply(array_agg(c.search_text), array_agg(c.sign))
    FROM (
      SELECT n.search_text, 1 AS sign
      FROM new_rows AS n JOIN old_rows AS o USING (id)
      WHERE n.search_text IS DISTINCT FROM o.search_text
      UNION ALL
      SELECT o.search_text, -1
      FROM new_rows AS n JOIN old_rows AS o USING (id)
      WHERE n.search_text IS DISTINCT FROM o.search_text
    ) AS c;
  ELSE
    DELETE FROM meadow_words;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER meadow_words_insert AFTER INSERT ON meadows
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_words_track();
--> statement-breakpoint
CREATE TRIGGER meadow_words_update AFTER UPDATE ON meadows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_words_track();
--> statement-breakpoint
CREATE TRIGGER meadow_words_delete AFTER DELETE ON meadows
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_words_track();
--> statement-breakpoint
CREATE TRIGGER meadow_words_truncate AFTER TRUNCATE ON meadows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_words_track();
--> statement-breakpoint
-- The words of the meadows there are.
SELECT meadow_words_apply(array_agg(search_text), array_agg(1)) FROM meadows;
