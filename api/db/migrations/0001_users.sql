CREATE TABLE "registration_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "registration_token" ADD CONSTRAINT "registration_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_token" ADD CONSTRAINT "registration_token_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_token_hash_unique" ON "registration_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "registration_token_user_idx" ON "registration_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_role_idx" ON "user" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_last_name_idx" ON "user" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "oidc_payload_account_idx" ON "oidc_payload" USING btree (("payload" ->> 'accountId'));--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree (("data" -> 'user' ->> 'id'));