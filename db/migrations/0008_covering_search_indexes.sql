-- Covering indexes for search and map (drizzle's index builder cannot say INCLUDE, so this is a
-- custom migration; db/schema.ts declares the same indexes by name and key). Each carries the
-- columns its queries filter on, so those queries read the index alone (index-only scans) and
-- visit the table for the page's rows only, which costs a fraction of reading table rows (ADR 30).
-- See app/services/meadows/search.server.ts.

-- Text search sorted by name, and a radius or country sorted by name, walk this index.
DROP INDEX IF EXISTS "meadows_name_sort_idx";--> statement-breakpoint
CREATE INDEX "meadows_name_sort_idx" ON "meadows" USING btree ("sort_name", "id")
  INCLUDE ("search_text", "country", "lat", "lng");--> statement-breakpoint
-- A radius or country sorted by price walks this one.
DROP INDEX IF EXISTS "meadows_price_idx";--> statement-breakpoint
CREATE INDEX "meadows_price_idx" ON "meadows" USING btree ("price_amount", "id")
  INCLUDE ("country", "lat", "lng");--> statement-breakpoint
-- The map's pins, and the matches of a text-filtered map view, come straight from the GiST
-- index: the pin's columns and the search text ride along, so a view's rows are checked for a
-- word without reading the table (ADR 30). GiST cannot return point(lng, lat) itself; lat and
-- lng are included.
DROP INDEX IF EXISTS "meadows_point_idx";--> statement-breakpoint
CREATE INDEX "meadows_point_idx" ON "meadows" USING gist (point("lng", "lat"))
  INCLUDE ("lat", "lng", "id", "name", "city", "price_text", "country", "search_text");
