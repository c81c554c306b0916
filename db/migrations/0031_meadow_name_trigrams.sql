-- The trigrams of the meadows' names alone (ADR 63): the search boxes' suggestions look up every
-- word of a name through it, where the trigram index of search_text also finds the many meadows
-- whose descriptions hold a word ("tulpen") but whose names do not.
CREATE INDEX "meadows_name_trgm_idx" ON "meadows" USING gin ("sort_name" gin_trgm_ops);