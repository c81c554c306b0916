-- A second covering index along the name order (beside migration 0008's, which carries the
-- words), carrying what the crop, season and "open now" filters test: a list sorted by name
-- that walks the order for many scattered matches of those reads this index alone and the
-- table for the page's rows only (ADR 37; figures in docs/benchmarks.md). The words stay out of
-- it, and the hours out of 0008's, so neither walk reads entries as wide as both.
CREATE INDEX "meadows_name_crops_idx" ON "meadows" USING btree ("sort_name", "id")
  INCLUDE ("country", "lat", "lng", "crops", "crop_seasons", "season_mask", "open_minutes",
    "closed_on_holidays");
