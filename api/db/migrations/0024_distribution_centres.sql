CREATE TABLE "distribution_centre" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"phone" varchar(30),
	"email" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_centre_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"centre_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"centre_id" integer NOT NULL,
	"subject_id" integer,
	"report_date" date NOT NULL,
	"state" varchar(12) DEFAULT 'unprocessed' NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"description" text,
	"result_message" text,
	"processed_at" timestamp with time zone,
	"processed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_report_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" varchar(24) NOT NULL,
	"fee_payer_id" integer,
	"code" varchar(40),
	"bin_type_id" integer,
	"waste_type_id" integer,
	"waste_evidence_header_id" integer,
	"ordered_dispose_count" integer,
	"description" text,
	"outcome" varchar(8),
	"message" text
);
--> statement-breakpoint
ALTER TABLE "distribution_centre" ADD CONSTRAINT "distribution_centre_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_centre_user" ADD CONSTRAINT "distribution_centre_user_centre_id_distribution_centre_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."distribution_centre"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_centre_user" ADD CONSTRAINT "distribution_centre_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report" ADD CONSTRAINT "distribution_report_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report" ADD CONSTRAINT "distribution_report_centre_id_distribution_centre_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."distribution_centre"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report" ADD CONSTRAINT "distribution_report_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report" ADD CONSTRAINT "distribution_report_processed_by_user_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report" ADD CONSTRAINT "distribution_report_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report_record" ADD CONSTRAINT "distribution_report_record_report_id_distribution_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."distribution_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report_record" ADD CONSTRAINT "distribution_report_record_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report_record" ADD CONSTRAINT "distribution_report_record_bin_type_id_bin_type_id_fk" FOREIGN KEY ("bin_type_id") REFERENCES "public"."bin_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report_record" ADD CONSTRAINT "distribution_report_record_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_report_record" ADD CONSTRAINT "distribution_report_record_waste_evidence_header_id_waste_evidence_header_id_fk" FOREIGN KEY ("waste_evidence_header_id") REFERENCES "public"."waste_evidence_header"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_centre_municipality_name_idx" ON "distribution_centre" USING btree ("municipality_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_centre_user_unique" ON "distribution_centre_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "distribution_centre_user_centre_idx" ON "distribution_centre_user" USING btree ("centre_id");--> statement-breakpoint
CREATE INDEX "distribution_report_municipality_date_idx" ON "distribution_report" USING btree ("municipality_id","report_date","id");--> statement-breakpoint
CREATE INDEX "distribution_report_centre_date_idx" ON "distribution_report" USING btree ("centre_id","report_date");--> statement-breakpoint
CREATE INDEX "distribution_report_subject_idx" ON "distribution_report" USING btree ("subject_id","report_date");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_report_record_position_unique" ON "distribution_report_record" USING btree ("report_id","position");