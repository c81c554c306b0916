CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"meadow_id" text NOT NULL,
	"author_id" text NOT NULL,
	"key_prefix" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_caption_length" CHECK (char_length("photos"."caption") <= 200),
	CONSTRAINT "photos_size_positive" CHECK ("photos"."width" > 0 and "photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_meadow_id_meadows_id_fk" FOREIGN KEY ("meadow_id") REFERENCES "public"."meadows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_meadow_created_idx" ON "photos" USING btree ("meadow_id","created_at","id");--> statement-breakpoint
CREATE INDEX "photos_author_idx" ON "photos" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "photos_key_prefix_idx" ON "photos" USING btree ("key_prefix");