CREATE TABLE "waste_collection" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"collected_on" date NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"waste_type_id" integer,
	"waste_name" varchar(150),
	"licence_plate" varchar(20),
	"device_id" integer,
	"origin" varchar(20) NOT NULL,
	"collection_type" varchar(20) DEFAULT 'Basic' NOT NULL,
	"state" varchar(15) DEFAULT 'UnProcessed' NOT NULL,
	"weight_kg" numeric(14, 3),
	"weight_unit" varchar(4),
	"invoice_value" numeric(14, 2),
	"price_unit" varchar(4),
	"exceptional" boolean DEFAULT false NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"import_job_id" integer,
	"import_key" varchar(300),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_collection_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"waste_collection_id" integer NOT NULL,
	"import_job_id" integer,
	"row_number" integer,
	"error_type" varchar(30) NOT NULL,
	"message" text NOT NULL,
	"code" varchar(60),
	"collected_at" timestamp with time zone,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"header_id" integer,
	"record_id" integer,
	"data" jsonb NOT NULL,
	"raw_row" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_evidence_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"waste_collection_id" integer,
	"header_id" integer,
	"code" varchar(60),
	"rfid" varchar(40),
	"waste_type_id" integer,
	"subject_id" integer,
	"fee_payer_id" integer,
	"city" varchar(100),
	"collected_at" timestamp with time zone NOT NULL,
	"fullness" smallint,
	"bin_volume" integer,
	"weight_kg" numeric(12, 3),
	"acknowledged_weight_kg" numeric(12, 3),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"nonconforming_state_ids" smallint[] DEFAULT '{}' NOT NULL,
	"state" varchar(12) DEFAULT 'processed' NOT NULL,
	"origin" varchar(20) NOT NULL,
	"duplicate" boolean DEFAULT false NOT NULL,
	"discarded_at" timestamp with time zone,
	"import_job_id" integer,
	"row_number" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "waste_collection" ADD CONSTRAINT "waste_collection_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection" ADD CONSTRAINT "waste_collection_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection" ADD CONSTRAINT "waste_collection_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection" ADD CONSTRAINT "waste_collection_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection" ADD CONSTRAINT "waste_collection_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_waste_collection_id_waste_collection_id_fk" FOREIGN KEY ("waste_collection_id") REFERENCES "public"."waste_collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_header_id_waste_evidence_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."waste_evidence_header"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_record_id_waste_evidence_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."waste_evidence_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collection_log" ADD CONSTRAINT "waste_collection_log_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_waste_collection_id_waste_collection_id_fk" FOREIGN KEY ("waste_collection_id") REFERENCES "public"."waste_collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_header_id_waste_evidence_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."waste_evidence_header"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_record" ADD CONSTRAINT "waste_evidence_record_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waste_collection_municipality_day_idx" ON "waste_collection" USING btree ("municipality_id","collected_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_collection_import_key" ON "waste_collection" USING btree ("municipality_id","import_key");--> statement-breakpoint
CREATE INDEX "wcl_collection_idx" ON "waste_collection_log" USING btree ("waste_collection_id","error_type","id");--> statement-breakpoint
CREATE INDEX "wcl_open_code_idx" ON "waste_collection_log" USING btree ("municipality_id","code") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "wcl_header_instant_idx" ON "waste_collection_log" USING btree ("header_id","collected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wcl_row_unique" ON "waste_collection_log" USING btree ("waste_collection_id","error_type",coalesce(code, ''),coalesce(collected_at, 'epoch'::timestamptz));--> statement-breakpoint
CREATE INDEX "wer_collection_idx" ON "waste_evidence_record" USING btree ("waste_collection_id","id");--> statement-breakpoint
CREATE INDEX "wer_municipality_time_idx" ON "waste_evidence_record" USING btree ("municipality_id","collected_at","id");--> statement-breakpoint
CREATE INDEX "wer_subject_time_idx" ON "waste_evidence_record" USING btree ("subject_id","collected_at");--> statement-breakpoint
CREATE INDEX "wer_header_time_idx" ON "waste_evidence_record" USING btree ("header_id","collected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wer_header_instant_unique" ON "waste_evidence_record" USING btree ("header_id","collected_at") WHERE header_id is not null;