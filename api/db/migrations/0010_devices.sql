CREATE TABLE "device" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"type" varchar(20) NOT NULL,
	"serial_number" varchar(100) NOT NULL,
	"uuid" varchar(64),
	"sim_card_number" varchar(30),
	"note" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" text GENERATED ALWAYS AS (translate(lower(coalesce("name", '') || E'\n' || coalesce("serial_number", '') || E'\n' || coalesce("uuid", '') || E'\n' || coalesce("sim_card_number", '')), 'áäčďéěíĺľňóôŕřšťúůýž', 'aacdeeillnoorrstuuyz')) STORED
);
--> statement-breakpoint
CREATE TABLE "device_assignment" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "device_assignment" ADD CONSTRAINT "device_assignment_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_assignment" ADD CONSTRAINT "device_assignment_municipality_id_municipality_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipality"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_assignment" ADD CONSTRAINT "device_assignment_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_serial_number_unique" ON "device" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "device_uuid_unique" ON "device" USING btree (lower("uuid"));--> statement-breakpoint
CREATE INDEX "device_name_idx" ON "device" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "device_type_idx" ON "device" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "device_search_trgm_idx" ON "device" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_assignment_device_idx" ON "device_assignment" USING btree ("device_id","valid_from");--> statement-breakpoint
CREATE INDEX "device_assignment_municipality_idx" ON "device_assignment" USING btree ("municipality_id","valid_to");