CREATE TABLE "bin_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer,
	"name" varchar(150) NOT NULL,
	"category" varchar(20) NOT NULL,
	"kind" varchar(12) DEFAULT 'fixed' NOT NULL,
	"capacity" integer NOT NULL,
	"allow_exact" boolean DEFAULT false NOT NULL,
	"waste_type_id" integer,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_sequence" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"last_plain_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispose_count" (
	"header_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"ordered_count" integer,
	"actual_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dispose_count_header_id_year_month_pk" PRIMARY KEY("header_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "import_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"state" varchar(15) DEFAULT 'unprocessed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"accepted_rows" integer DEFAULT 0 NOT NULL,
	"unchanged_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_job_error" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_job_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"category" varchar(30) NOT NULL,
	"message" text NOT NULL,
	"raw_row" text
);
--> statement-breakpoint
CREATE TABLE "print_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"code_type" varchar(12) NOT NULL,
	"code_count" integer NOT NULL,
	"bin_type_ids" integer[] DEFAULT '{}' NOT NULL,
	"rfid" boolean DEFAULT false NOT NULL,
	"note" text,
	"state" varchar(12) DEFAULT 'Generated' NOT NULL,
	"printed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_evidence_header" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"barcode" varchar(40) NOT NULL,
	"plain_code" varchar(20) NOT NULL,
	"rfid" varchar(40),
	"bin_type_id" integer,
	"waste_type_id" integer,
	"subject_id" integer,
	"print_batch_id" integer,
	"state" varchar(12) DEFAULT 'Free' NOT NULL,
	"disposable" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone,
	"assigned_from" timestamp with time zone,
	"assigned_by" integer,
	"last_evidence_at" timestamp with time zone,
	"discarded_at" timestamp with time zone,
	"street" varchar(150),
	"city" varchar(100),
	"zip_code" varchar(10),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"description" text,
	"dispose_period" varchar(10),
	"ordered_dispose_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_evidence_header_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"header_id" integer NOT NULL,
	"event" varchar(30) NOT NULL,
	"subject_id" integer,
	"user_id" integer,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer,
	"name" varchar(150) NOT NULL,
	"catalog_code" varchar(10),
	"coefficient" numeric(8, 4) DEFAULT '0.1' NOT NULL,
	"sorted" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bin_type" ADD CONSTRAINT "bin_type_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_type" ADD CONSTRAINT "bin_type_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_sequence" ADD CONSTRAINT "code_sequence_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispose_count" ADD CONSTRAINT "dispose_count_header_id_waste_evidence_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."waste_evidence_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_error" ADD CONSTRAINT "import_job_error_import_job_id_import_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_batch" ADD CONSTRAINT "print_batch_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_batch" ADD CONSTRAINT "print_batch_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_bin_type_id_bin_type_id_fk" FOREIGN KEY ("bin_type_id") REFERENCES "public"."bin_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_print_batch_id_print_batch_id_fk" FOREIGN KEY ("print_batch_id") REFERENCES "public"."print_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header" ADD CONSTRAINT "waste_evidence_header_assigned_by_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header_history" ADD CONSTRAINT "waste_evidence_header_history_header_id_waste_evidence_header_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."waste_evidence_header"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header_history" ADD CONSTRAINT "waste_evidence_header_history_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_evidence_header_history" ADD CONSTRAINT "waste_evidence_header_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_type" ADD CONSTRAINT "waste_type_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_type_municipality_idx" ON "bin_type" USING btree ("municipality_id","capacity");--> statement-breakpoint
CREATE INDEX "import_job_municipality_idx" ON "import_job" USING btree ("municipality_id","created_at");--> statement-breakpoint
CREATE INDEX "import_job_error_job_idx" ON "import_job_error" USING btree ("import_job_id","row_number");--> statement-breakpoint
CREATE INDEX "print_batch_municipality_idx" ON "print_batch" USING btree ("municipality_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "weh_barcode_unique" ON "waste_evidence_header" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "weh_plain_code_unique" ON "waste_evidence_header" USING btree ("municipality_id","plain_code");--> statement-breakpoint
CREATE UNIQUE INDEX "weh_rfid_unique" ON "waste_evidence_header" USING btree ("municipality_id","rfid");--> statement-breakpoint
CREATE INDEX "weh_municipality_state_idx" ON "waste_evidence_header" USING btree ("municipality_id","state","id");--> statement-breakpoint
CREATE INDEX "weh_subject_idx" ON "waste_evidence_header" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "weh_print_batch_idx" ON "waste_evidence_header" USING btree ("print_batch_id");--> statement-breakpoint
CREATE INDEX "weh_history_header_idx" ON "waste_evidence_header_history" USING btree ("header_id","at");--> statement-breakpoint
CREATE INDEX "waste_type_municipality_idx" ON "waste_type" USING btree ("municipality_id","name");