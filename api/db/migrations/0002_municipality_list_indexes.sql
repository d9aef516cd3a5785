-- pg_trgm ships with PostgreSQL's contrib and with PGlite (api/db/client.ts loads it); it is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "municipality" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(coalesce("name", '') || E'\n' || coalesce("short_name", '') || E'\n' || coalesce("identification_number", '') || E'\n' || coalesce("city", ''))) STORED;--> statement-breakpoint
CREATE INDEX "municipality_name_id_idx" ON "municipality" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "municipality_last_login_id_idx" ON "municipality" USING btree ("last_login_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "municipality_search_trgm_idx" ON "municipality" USING gin ("search" gin_trgm_ops);