CREATE INDEX "subject_municipality_type_idx" ON "subject" USING btree ("municipality_id","type","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_member_count_idx" ON "subject" USING btree ("municipality_id","member_count","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_bin_count_idx" ON "subject" USING btree ("municipality_id","bin_count","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_total_fee_idx" ON "subject" USING btree ("municipality_id","total_fee","id");--> statement-breakpoint
CREATE INDEX "subject_municipality_fee_paid_idx" ON "subject" USING btree ("municipality_id","fee_paid","id");