CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"meadow_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_meadow_id_pk" PRIMARY KEY("user_id","meadow_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_width" integer;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_meadow_id_meadows_id_fk" FOREIGN KEY ("meadow_id") REFERENCES "public"."meadows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_meadow_idx" ON "favorites" USING btree ("meadow_id");