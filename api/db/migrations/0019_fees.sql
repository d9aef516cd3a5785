CREATE TABLE "base_fee_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"base_fee" numeric(12, 2) NOT NULL,
	"min_fee_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"max_fee_percent" numeric(6, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenditure" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"processed_on" date NOT NULL,
	"type" varchar(20) NOT NULL,
	"sub_type" varchar(100),
	"source" varchar(20) NOT NULL,
	"description" text,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenditure_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"waste_treatment_flat_rate" numeric(14, 2),
	"mixed_waste_processing_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenditure_setting_municipality_id_unique" UNIQUE("municipality_id")
);
--> statement-breakpoint
CREATE TABLE "fee_calculation" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"state" varchar(10) DEFAULT 'Queued' NOT NULL,
	"kind" varchar(12) DEFAULT 'Calculation' NOT NULL,
	"reason" varchar(20) NOT NULL,
	"parameters" jsonb,
	"result" jsonb,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"payer_count" integer,
	"total_final_fee" numeric(14, 2),
	"error" text
);
--> statement-breakpoint
CREATE TABLE "fee_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"quantity" numeric(14, 3),
	"unit" varchar(12),
	"rate" numeric(12, 4),
	"percent" numeric(6, 2),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "motivation_activation" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" integer
);
--> statement-breakpoint
CREATE TABLE "motivation_custom_discount" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"discount_percent" numeric(6, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivation_interval" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"from_value" numeric(12, 3) NOT NULL,
	"to_value" numeric(12, 3),
	"discount_percent" numeric(6, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivation_programme" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"type" varchar(15) NOT NULL,
	"unit" varchar(2) DEFAULT 'l' NOT NULL,
	"fee_per_unit" numeric(12, 4),
	"minimal_unit_per_period" numeric(12, 3),
	"ordered_dispose_count" integer,
	"use_bin_volume" boolean DEFAULT false NOT NULL,
	"use_ordered_dispose_count" boolean DEFAULT false NOT NULL,
	"use_year_as_period" boolean DEFAULT true NOT NULL,
	"discount_distribution" varchar(16) DEFAULT 'Legacy' NOT NULL,
	"why_not" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "group" varchar(50);--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "paid_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "calculation_id" integer;--> statement-breakpoint
ALTER TABLE "base_fee_setting" ADD CONSTRAINT "base_fee_setting_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenditure" ADD CONSTRAINT "expenditure_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenditure_setting" ADD CONSTRAINT "expenditure_setting_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_calculation" ADD CONSTRAINT "fee_calculation_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_calculation" ADD CONSTRAINT "fee_calculation_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_record" ADD CONSTRAINT "fee_record_fee_id_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_activation" ADD CONSTRAINT "motivation_activation_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_activation" ADD CONSTRAINT "motivation_activation_programme_id_motivation_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."motivation_programme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_activation" ADD CONSTRAINT "motivation_activation_activated_by_user_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_custom_discount" ADD CONSTRAINT "motivation_custom_discount_programme_id_motivation_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."motivation_programme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_custom_discount" ADD CONSTRAINT "motivation_custom_discount_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_interval" ADD CONSTRAINT "motivation_interval_programme_id_motivation_programme_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."motivation_programme"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motivation_programme" ADD CONSTRAINT "motivation_programme_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "base_fee_setting_municipality_year_unique" ON "base_fee_setting" USING btree ("municipality_id","year");--> statement-breakpoint
CREATE INDEX "expenditure_municipality_processed_idx" ON "expenditure" USING btree ("municipality_id","processed_on","id");--> statement-breakpoint
CREATE INDEX "fee_calculation_municipality_year_idx" ON "fee_calculation" USING btree ("municipality_id","year","id");--> statement-breakpoint
CREATE INDEX "fee_record_fee_idx" ON "fee_record" USING btree ("fee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "motivation_activation_municipality_year_unique" ON "motivation_activation" USING btree ("municipality_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "motivation_custom_discount_unique" ON "motivation_custom_discount" USING btree ("programme_id","subject_id","year");--> statement-breakpoint
CREATE INDEX "motivation_interval_programme_idx" ON "motivation_interval" USING btree ("programme_id","from_value");--> statement-breakpoint
CREATE UNIQUE INDEX "motivation_programme_municipality_type_unique" ON "motivation_programme" USING btree ("municipality_id","type");--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_payer_subject_period_unique" UNIQUE NULLS NOT DISTINCT("municipality_id","year","fee_payer_id","subject_id","month");