CREATE TABLE "sign_in_throttle" (
	"name" varchar(200) PRIMARY KEY NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"last_failed_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_idx" ON "sign_in_throttle" USING btree ("last_failed_login_at");--> statement-breakpoint
CREATE INDEX "import_job_processing_idx" ON "import_job" USING btree ("heartbeat_at") WHERE state = 'processing';