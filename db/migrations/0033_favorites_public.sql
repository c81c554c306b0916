-- A member's favorites are private unless the member chooses to show them on the profile:
-- every member starts with them private, those who joined before included.
ALTER TABLE "users" ADD COLUMN "favorites_public" boolean DEFAULT false NOT NULL;