CREATE INDEX "weh_municipality_barcode_idx" ON "waste_evidence_header" USING btree ("municipality_id","barcode");--> statement-breakpoint
CREATE INDEX "weh_municipality_assigned_idx" ON "waste_evidence_header" USING btree ("municipality_id","assigned_at","id");--> statement-breakpoint
CREATE INDEX "weh_municipality_discarded_idx" ON "waste_evidence_header" USING btree ("municipality_id","discarded_at","id");--> statement-breakpoint
CREATE INDEX "weh_municipality_last_evidence_idx" ON "waste_evidence_header" USING btree ("municipality_id","last_evidence_at","id");--> statement-breakpoint
CREATE INDEX "weh_municipality_city_idx" ON "waste_evidence_header" USING btree ("municipality_id","city");