CREATE TABLE "collection_yard" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"street" varchar(150),
	"city" varchar(100),
	"zip_code" varchar(10),
	"report_print_type" varchar(10) DEFAULT 'basic' NOT NULL,
	"icz" varchar(20),
	"zuj" varchar(10),
	"operator_identification_number" varchar(20),
	"operator_name" varchar(200),
	"zone_code" varchar(30),
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_yard_exception" (
	"id" serial PRIMARY KEY NOT NULL,
	"yard_id" integer NOT NULL,
	"day" date NOT NULL,
	"description" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "collection_yard_opening" (
	"id" serial PRIMARY KEY NOT NULL,
	"yard_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"open_time" time,
	"close_time" time,
	"closed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_yard_waste" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"yard_id" integer NOT NULL,
	"waste_type_id" integer NOT NULL,
	"capacity_kg" numeric(12, 3),
	"default_weight_kg" numeric(12, 3),
	"code" varchar(30),
	"use_member_count" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_yard_waste_fee" (
	"id" serial PRIMARY KEY NOT NULL,
	"yard_waste_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"vat_rate" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_yard_waste_fee_range" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL,
	"from_kg" numeric(12, 3) NOT NULL,
	"to_kg" numeric(12, 3),
	"value" numeric(12, 2) NOT NULL,
	"note" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "yard_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"municipality_id" integer NOT NULL,
	"yard_id" integer NOT NULL,
	"fee_payer_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"payment_type" varchar(10) NOT NULL,
	"total_weight_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"fee_without_vat" numeric(12, 2) DEFAULT '0' NOT NULL,
	"vat" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"manually_updated" boolean DEFAULT false NOT NULL,
	"client_id" varchar(64),
	"mail_status" varchar(10),
	"mail_to" varchar(200),
	"mail_error" text,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yard_report_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"yard_report_id" integer NOT NULL,
	"yard_waste_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" varchar(2) DEFAULT 'kg' NOT NULL,
	"quantity_kg" numeric(12, 3) NOT NULL,
	"processed_at" timestamp with time zone,
	"vat_rate" smallint DEFAULT 0 NOT NULL,
	"fee_without_vat" numeric(12, 2) DEFAULT '0' NOT NULL,
	"vat" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_yard" ADD CONSTRAINT "collection_yard_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_exception" ADD CONSTRAINT "collection_yard_exception_yard_id_collection_yard_id_fk" FOREIGN KEY ("yard_id") REFERENCES "public"."collection_yard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_opening" ADD CONSTRAINT "collection_yard_opening_yard_id_collection_yard_id_fk" FOREIGN KEY ("yard_id") REFERENCES "public"."collection_yard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_waste" ADD CONSTRAINT "collection_yard_waste_yard_id_collection_yard_id_fk" FOREIGN KEY ("yard_id") REFERENCES "public"."collection_yard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_waste" ADD CONSTRAINT "collection_yard_waste_waste_type_id_waste_type_id_fk" FOREIGN KEY ("waste_type_id") REFERENCES "public"."waste_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_waste_fee" ADD CONSTRAINT "collection_yard_waste_fee_yard_waste_id_collection_yard_waste_id_fk" FOREIGN KEY ("yard_waste_id") REFERENCES "public"."collection_yard_waste"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_yard_waste_fee_range" ADD CONSTRAINT "collection_yard_waste_fee_range_fee_id_collection_yard_waste_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."collection_yard_waste_fee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report" ADD CONSTRAINT "yard_report_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report" ADD CONSTRAINT "yard_report_yard_id_collection_yard_id_fk" FOREIGN KEY ("yard_id") REFERENCES "public"."collection_yard"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report" ADD CONSTRAINT "yard_report_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report" ADD CONSTRAINT "yard_report_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report_record" ADD CONSTRAINT "yard_report_record_yard_report_id_yard_report_id_fk" FOREIGN KEY ("yard_report_id") REFERENCES "public"."yard_report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yard_report_record" ADD CONSTRAINT "yard_report_record_yard_waste_id_collection_yard_waste_id_fk" FOREIGN KEY ("yard_waste_id") REFERENCES "public"."collection_yard_waste"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_yard_municipality_name_idx" ON "collection_yard" USING btree ("municipality_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_yard_exception_day_unique" ON "collection_yard_exception" USING btree ("yard_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_yard_opening_day_unique" ON "collection_yard_opening" USING btree ("yard_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_yard_waste_unique" ON "collection_yard_waste" USING btree ("yard_id","waste_type_id");--> statement-breakpoint
CREATE INDEX "collection_yard_waste_fee_waste_idx" ON "collection_yard_waste_fee" USING btree ("yard_waste_id","valid_from");--> statement-breakpoint
CREATE INDEX "collection_yard_waste_fee_range_fee_idx" ON "collection_yard_waste_fee_range" USING btree ("fee_id","from_kg");--> statement-breakpoint
CREATE INDEX "yard_report_municipality_date_idx" ON "yard_report" USING btree ("municipality_id","report_date","id");--> statement-breakpoint
CREATE INDEX "yard_report_yard_date_idx" ON "yard_report" USING btree ("yard_id","report_date");--> statement-breakpoint
CREATE INDEX "yard_report_fee_payer_idx" ON "yard_report" USING btree ("fee_payer_id","report_date");--> statement-breakpoint
CREATE INDEX "yard_report_record_report_idx" ON "yard_report_record" USING btree ("yard_report_id");--> statement-breakpoint
CREATE INDEX "yard_report_record_waste_idx" ON "yard_report_record" USING btree ("yard_waste_id");