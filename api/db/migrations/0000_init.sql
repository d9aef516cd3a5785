CREATE TABLE "external_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"type" varchar(30) NOT NULL,
	"login" varchar(100) NOT NULL,
	"password" varchar(200),
	"customer_number" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "municipality" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"short_name" varchar(50),
	"type" varchar(30) DEFAULT 'Municipality' NOT NULL,
	"kind" varchar(20) DEFAULT 'Small' NOT NULL,
	"parent_id" integer,
	"district" varchar(100),
	"country" varchar(2) DEFAULT 'CZ' NOT NULL,
	"identification_number" varchar(20),
	"vat_number" varchar(20),
	"company_name" varchar(200),
	"company_address" varchar(200),
	"city" varchar(100),
	"zip_code" varchar(10),
	"label_type" varchar(30) DEFAULT 'Barcode' NOT NULL,
	"monitored_period" varchar(20) DEFAULT 'Year' NOT NULL,
	"duplicate_handling_strategy" varchar(20) DEFAULT 'NoAction' NOT NULL,
	"note" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_record_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipality_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"municipality_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"type" varchar(30) NOT NULL,
	"phone" varchar(30),
	"email" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "municipality_logo" (
	"municipality_id" integer PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipality_module" (
	"municipality_id" integer NOT NULL,
	"module" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "municipality_module_municipality_id_module_pk" PRIMARY KEY("municipality_id","module")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" varchar(80) NOT NULL,
	CONSTRAINT "permission_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"label" varchar(100) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(100) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(200),
	"phone" varchar(30),
	"password_hash" text,
	"role_id" integer NOT NULL,
	"municipality_id" integer,
	"collection_yard_id" integer,
	"language" varchar(2) DEFAULT 'cs' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"last_failed_login_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_municipality" (
	"user_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"waste_company_branch_id" integer,
	CONSTRAINT "user_municipality_user_id_municipality_id_pk" PRIMARY KEY("user_id","municipality_id")
);
--> statement-breakpoint
CREATE TABLE "oidc_payload" (
	"id" varchar(200) NOT NULL,
	"type" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" varchar(200),
	"user_code" varchar(200),
	"uid" varchar(200),
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_cache" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_secret" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_account" ADD CONSTRAINT "external_account_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipality_contact" ADD CONSTRAINT "municipality_contact_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipality_logo" ADD CONSTRAINT "municipality_logo_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipality_module" ADD CONSTRAINT "municipality_module_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_municipality" ADD CONSTRAINT "user_municipality_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_municipality" ADD CONSTRAINT "user_municipality_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_account_unique" ON "external_account" USING btree ("municipality_id","type","login");--> statement-breakpoint
CREATE INDEX "municipality_name_idx" ON "municipality" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "municipality_parent_idx" ON "municipality" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "municipality_district_idx" ON "municipality" USING btree ("district");--> statement-breakpoint
CREATE INDEX "municipality_contact_municipality_idx" ON "municipality_contact" USING btree ("municipality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_user_name_unique" ON "user" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "user_email_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_municipality_idx" ON "user" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "user_municipality_municipality_idx" ON "user_municipality" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_pk" ON "oidc_payload" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "oidc_payload_grant_idx" ON "oidc_payload" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_uid_idx" ON "oidc_payload" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "session_expires_idx" ON "session" USING btree ("expires_at");