-- Decision 0037: a fee's lines live on the fee row (fee.lines, a JSON array written with the row) instead of in
-- fee_record (a row and an index entry per line: 337,000 of them in a first run of the large city).
ALTER TABLE "fee" ADD COLUMN "lines" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- The stored lines move onto their fees, in their order, every number as the exact decimal text its column held,
-- null fields left out (as the engine writes them).
UPDATE "fee" f SET "lines" = l.lines
FROM (
  SELECT r.fee_id, json_agg(json_strip_nulls(json_build_object('type', r.type, 'amount', r.amount::text, 'quantity', r.quantity::text,
    'unit', r.unit, 'rate', r.rate::text, 'percent', r.percent::text, 'note', r.note)) ORDER BY r.id) AS lines
  FROM "fee_record" r GROUP BY r.fee_id
) l
WHERE l.fee_id = f.id;--> statement-breakpoint
DROP TRIGGER "fee_deleted" ON "fee";--> statement-breakpoint
DROP TRIGGER "fee_truncated" ON "fee";--> statement-breakpoint
DROP FUNCTION "fee_lines_gone"();--> statement-breakpoint
DROP TABLE "fee_record" CASCADE;--> statement-breakpoint
ALTER TABLE "fee" DROP COLUMN "line_types";--> statement-breakpoint
-- A municipality's year is read through fee_payer_subject_period_unique (municipality_id, year, …): one index fewer
-- for every fee written.
DROP INDEX "fee_municipality_year_idx";
