-- Two unique columns holding the same value let two processes race: the upsert arbitrates on
-- one index and the other raised a duplicate-key error. The key alone identifies a counter.
ALTER TABLE "rate_limits" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP CONSTRAINT "rate_limits_key_unique";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD PRIMARY KEY ("key");
