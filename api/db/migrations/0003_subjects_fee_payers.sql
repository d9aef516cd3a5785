CREATE TABLE "discount" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"type" varchar(10) NOT NULL,
	"age_from" smallint,
	"age_until" smallint,
	"fee_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "fee" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"subject_id" integer,
	"fee_payer_id" integer,
	"year" smallint NOT NULL,
	"month" smallint,
	"variable_symbol" varchar(10),
	"volume" numeric(12, 2),
	"base_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bin_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"motivation_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"motivation_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fixed_discount_names" text,
	"total_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"final_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"ordered_dispose_count" integer,
	"weight" numeric(12, 2),
	"sort_ratio" numeric(5, 2),
	"min_fee_percent" numeric(5, 2),
	"max_fee_percent" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payer" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"title_before" varchar(30),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"title_after" varchar(30),
	"company_name" varchar(200),
	"gender" varchar(10),
	"phone" varchar(30),
	"email" varchar(200),
	"variable_symbol" varchar(10),
	"date_of_birth" date,
	"identification_number" varchar(20),
	"vat_number" varchar(20),
	"street_address" varchar(200),
	"city" varchar(100),
	"zip_code" varchar(10),
	"active_from" date NOT NULL,
	"active_to" date,
	"period_end" date,
	"active_changed_at" timestamp with time zone,
	"registered" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	"user_id" integer,
	"final_fee" numeric(12, 2),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (translate(lower(coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\n' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\n' || coalesce("company_name", '') || E'\n' || coalesce("variable_symbol", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("identification_number", '') || E'\n' || coalesce("street_address", '')), 'áäčďéěíĺľňóôŕřšťúůýž', 'aacdeeillnoorrstuuyz')) STORED
);
--> statement-breakpoint
CREATE TABLE "fee_payer_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_payer_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"street" varchar(150),
	"conscription_number" varchar(10),
	"street_number" varchar(10),
	"city" varchar(100),
	"zip_code" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "fee_payer_discount" (
	"fee_payer_id" integer NOT NULL,
	"discount_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"name" varchar(200) NOT NULL,
	"short_name" varchar(50),
	"variable_symbol" varchar(10),
	"establishment_identification_number" varchar(20),
	"household_code" varchar(30),
	"parent_id" integer,
	"external_chief" boolean DEFAULT false NOT NULL,
	"operator_identification_number" varchar(20),
	"operator_vat_number" varchar(20),
	"operator_company_name" varchar(200),
	"operator_invoice_address" varchar(200),
	"operator_zip_code" varchar(10),
	"operator_city" varchar(100),
	"description" text,
	"city_district" varchar(100),
	"street" varchar(150),
	"conscription_number" varchar(10),
	"street_number" varchar(10),
	"provisional_number" varchar(10),
	"zip_code" varchar(10),
	"city" varchar(100),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"bin_count" integer DEFAULT 0 NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"sort_ratio" numeric(5, 2),
	"total_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fee_paid" boolean DEFAULT false NOT NULL,
	"fee_paid_changed_at" timestamp with time zone,
	"dispose_frequency_period" varchar(10),
	"ordered_dispose_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (translate(lower(coalesce("name", '') || E'\n' || coalesce("short_name", '') || E'\n' || coalesce("variable_symbol", '') || E'\n' || coalesce("street", '') || ' ' || coalesce("street_number", '') || E'\n' || coalesce("conscription_number", '') || E'\n' || coalesce("city", '') || E'\n' || coalesce("household_code", '') || E'\n' || coalesce("operator_company_name", '')), 'áäčďéěíĺľňóôŕřšťúůýž', 'aacdeeillnoorrstuuyz')) STORED
);
--> statement-breakpoint
CREATE TABLE "subject_fee_payer" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"fee_payer_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"is_chief" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_card" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"plain_code" varchar(40) NOT NULL,
	"code" varchar(60) NOT NULL,
	"subject_id" integer,
	"fee_payer_id" integer,
	"state" varchar(12) DEFAULT 'Free' NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"virtual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee" ADD CONSTRAINT "fee_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payer" ADD CONSTRAINT "fee_payer_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payer" ADD CONSTRAINT "fee_payer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payer_address" ADD CONSTRAINT "fee_payer_address_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payer_discount" ADD CONSTRAINT "fee_payer_discount_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payer_discount" ADD CONSTRAINT "fee_payer_discount_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject" ADD CONSTRAINT "subject_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject" ADD CONSTRAINT "subject_parent_id_subject_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_fee_payer" ADD CONSTRAINT "subject_fee_payer_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_fee_payer" ADD CONSTRAINT "subject_fee_payer_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_fee_payer" ADD CONSTRAINT "subject_fee_payer_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_card" ADD CONSTRAINT "waste_card_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_card" ADD CONSTRAINT "waste_card_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_card" ADD CONSTRAINT "waste_card_fee_payer_id_fee_payer_id_fk" FOREIGN KEY ("fee_payer_id") REFERENCES "public"."fee_payer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_municipality_idx" ON "discount" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "fee_subject_period_idx" ON "fee" USING btree ("subject_id","year","month");--> statement-breakpoint
CREATE INDEX "fee_payer_period_idx" ON "fee" USING btree ("fee_payer_id","year","month");--> statement-breakpoint
CREATE INDEX "fee_municipality_year_idx" ON "fee" USING btree ("municipality_id","year");--> statement-breakpoint
CREATE INDEX "fee_payer_municipality_name_idx" ON "fee_payer" USING btree ("municipality_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "fee_payer_municipality_birth_idx" ON "fee_payer" USING btree ("municipality_id","date_of_birth");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payer_variable_symbol_unique" ON "fee_payer" USING btree ("municipality_id","variable_symbol");--> statement-breakpoint
CREATE INDEX "fee_payer_user_idx" ON "fee_payer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fee_payer_search_trgm_idx" ON "fee_payer" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fee_payer_address_payer_idx" ON "fee_payer_address" USING btree ("fee_payer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payer_discount_pk" ON "fee_payer_discount" USING btree ("fee_payer_id","discount_id");--> statement-breakpoint
CREATE INDEX "fee_payer_discount_discount_idx" ON "fee_payer_discount" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "subject_municipality_name_idx" ON "subject" USING btree ("municipality_id","name","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_street_idx" ON "subject" USING btree ("municipality_id","street","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_district_idx" ON "subject" USING btree ("municipality_id","city_district");--> statement-breakpoint
CREATE INDEX "subject_parent_idx" ON "subject" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_variable_symbol_unique" ON "subject" USING btree ("municipality_id","variable_symbol");--> statement-breakpoint
CREATE INDEX "subject_search_trgm_idx" ON "subject" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subject_fee_payer_subject_idx" ON "subject_fee_payer" USING btree ("subject_id","valid_to");--> statement-breakpoint
CREATE INDEX "subject_fee_payer_payer_idx" ON "subject_fee_payer" USING btree ("fee_payer_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_card_code_unique" ON "waste_card" USING btree ("municipality_id","code");--> statement-breakpoint
CREATE INDEX "waste_card_subject_idx" ON "waste_card" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "waste_card_payer_idx" ON "waste_card" USING btree ("fee_payer_id");