-- A yard's workload (visits and kg per day, week, month) and its top visitors (per payer: visits, kg, fee) read
-- only this index, never the visits' rows: drizzle cannot write INCLUDE, so the index is replaced by hand under
-- the same name and key (the schema's snapshot stays true).
DROP INDEX IF EXISTS "yard_report_yard_date_idx";--> statement-breakpoint
CREATE INDEX "yard_report_yard_date_idx" ON "yard_report" USING btree ("yard_id","report_date") INCLUDE ("fee_payer_id","total_weight_kg","fee");
--> statement-breakpoint
-- The top visitors of a period: a yard's visits in payer order, so the sums per payer stream (GroupAggregate)
-- instead of a hash over ~16,000 payers of a year that spills past work_mem (docs/benchmarks.md, yards).
CREATE INDEX "yard_report_yard_payer_idx" ON "yard_report" USING btree ("yard_id","fee_payer_id") INCLUDE ("report_date","total_weight_kg","fee");
