CREATE TABLE "import_file_chunk" (
	"import_job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunk_import_job_id_seq_pk" PRIMARY KEY("import_job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "queue_job_id" varchar(36);--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "format" varchar(40);--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "file_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "bytes_done" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "rows_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "file_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "import_file_chunk" ADD CONSTRAINT "import_file_chunk_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;