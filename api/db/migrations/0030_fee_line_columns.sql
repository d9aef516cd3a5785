-- Decision 0038: a fee's lines are built when read from what they were computed from, kept in columns of the fee
-- row, instead of being written out as JSON text with every fee (fee.lines, decision 0037).
ALTER TABLE "fee" ADD COLUMN "fixed_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "months" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "base_fee_rate" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "fixed_discount_yearly" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "quantity" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "fee_per_unit" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "unit" varchar(10);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "quantity_basis" varchar(20);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "measure" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "discount_percent" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "programme_type" varchar(20);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "discount_distribution" varchar(20);--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "bound" varchar(3);--> statement-breakpoint
-- The stored lines' values move into the columns; the digests are cleared, so the next run writes each fee once.
UPDATE "fee" f SET
  "fixed_discount" = coalesce((l->'FixedDiscount'->>'amount')::numeric, 0),
  "months" = coalesce((l->'BaseFee'->>'quantity')::numeric, 0)::smallint,
  "base_fee_rate" = (l->'BaseFee'->>'rate')::numeric,
  "fixed_discount_yearly" = (l->'FixedDiscount'->>'rate')::numeric,
  "quantity" = coalesce(l->'BinFee'->>'quantity', l->'MotivationFee'->>'quantity')::numeric,
  "fee_per_unit" = coalesce(l->'BinFee'->>'rate', l->'MotivationFee'->>'rate')::numeric,
  "unit" = l->'MotivationFee'->>'unit',
  "quantity_basis" = coalesce(l->'BinFee'->>'note', l->'MotivationFee'->>'note'),
  "measure" = (l->'MotivationDiscount'->>'quantity')::numeric,
  "discount_percent" = (l->'MotivationDiscount'->>'percent')::numeric,
  "programme_type" = CASE WHEN l ? 'BinFee' OR l ? 'MotivationFee' THEN 'PayAsDisposed'
    ELSE nullif(split_part(l->'MotivationDiscount'->>'note', ':', 1), '') END,
  "discount_distribution" = nullif(split_part(l->'MotivationDiscount'->>'note', ':', 2), ''),
  "bound" = l->'TotalFee'->>'note',
  "digest" = NULL
FROM (
  SELECT x.id, jsonb_object_agg(e->>'type', e) AS l FROM "fee" x, json_array_elements(x."lines") e GROUP BY x.id
) byType
WHERE byType.id = f.id;--> statement-breakpoint
ALTER TABLE "fee" DROP COLUMN "lines";