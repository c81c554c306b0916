-- "Open now" is checked on the rows the other filters' indexes or a sort order's index read
-- (ADR 37). The GiST index over the hours keeps each meadow's span of the year, which at any
-- moment covers most meadows with a season: reading it cost more than the rows it ruled out.
DROP INDEX "meadows_open_minutes_idx";
