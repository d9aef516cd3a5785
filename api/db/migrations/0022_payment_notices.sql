CREATE TABLE "payment_notice_file_chunk" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "payment_notice_file_chunk_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "payment_notice_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"state" varchar(10) DEFAULT 'Queued' NOT NULL,
	"fee_payer_ids" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"last_fee_payer_id" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_size" integer,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"account_prefix" varchar(6),
	"account_number" varchar(10),
	"bank_code" varchar(4),
	"iban" varchar(34) NOT NULL,
	"due_day" smallint NOT NULL,
	"due_month" smallint NOT NULL,
	"constant_symbol" varchar(4),
	"notice_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_notice_file_chunk" ADD CONSTRAINT "payment_notice_file_chunk_job_id_payment_notice_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."payment_notice_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notice_job" ADD CONSTRAINT "payment_notice_job_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notice_job" ADD CONSTRAINT "payment_notice_job_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_setting" ADD CONSTRAINT "payment_setting_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notice_job_municipality_idx" ON "payment_notice_job" USING btree ("municipality_id","year","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_setting_municipality_unique" ON "payment_setting" USING btree ("municipality_id");