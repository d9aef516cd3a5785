CREATE TABLE "waste_evidence_total" (
	"municipality_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"waste_type_id" integer,
	"header_id" integer,
	"kg" numeric(16, 3) NOT NULL,
	"litres" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "waste_evidence_total_key" UNIQUE NULLS NOT DISTINCT("municipality_id","year","subject_id","waste_type_id","header_id")
);
--> statement-breakpoint
ALTER TABLE "fee_record" DROP CONSTRAINT "fee_record_fee_id_fee_id_fk";
--> statement-breakpoint
ALTER TABLE "fee" ADD COLUMN "digest" bigint;--> statement-breakpoint
-- Decision 0030: fee_record.fee_id has no foreign key (only the fee engine writes lines, for fees it has just
-- written); what ON DELETE CASCADE did is done here once per statement — a fee's lines go with it, also when the fee
-- goes by a cascade (its municipality, subject) or a TRUNCATE.
CREATE FUNCTION "fee_lines_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "fee_record";
  ELSE
    DELETE FROM "fee_record" WHERE "fee_id" IN (SELECT "id" FROM gone);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_deleted" AFTER DELETE ON "fee" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "fee_lines_gone"();
--> statement-breakpoint
CREATE TRIGGER "fee_truncated" AFTER TRUNCATE ON "fee" FOR EACH STATEMENT EXECUTE FUNCTION "fee_lines_gone"();
--> statement-breakpoint
-- Decision 0030: a recalculation after a changed base fee updates every fee of the year and most of its lines; with
-- half of each page free the new row versions stay on their page (HOT) and no index of fee (five) or fee_record (two)
-- gets a new entry.
ALTER TABLE "fee" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "fee_record" SET (fillfactor = 50);
--> statement-breakpoint
-- Decision 0030: waste_evidence_total follows waste_evidence_record statement by statement — what a statement's
-- inserted rows add and its deleted rows (or the old versions of its updated rows) take away, summed per key and
-- upserted in key order (two writers of one key wait for each other, never deadlock).
CREATE FUNCTION "waste_evidence_total_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'municipality_id, collected_at, subject_id, waste_type_id, header_id, bin_volume, acknowledged_weight_kg, discarded_at';
  src text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "waste_evidence_total";
    RETURN NULL;
  END IF;
  src := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', cols)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', cols, cols) END;
  EXECUTE format($q$
    INSERT INTO "waste_evidence_total" AS t (municipality_id, year, subject_id, waste_type_id, header_id, kg, litres, n)
    SELECT municipality_id, extract(year from collected_at at time zone 'Europe/Prague')::smallint, subject_id,
      waste_type_id, CASE WHEN bin_volume IS NULL THEN header_id END,
      sum(sign * coalesce(acknowledged_weight_kg, 0)), sum(sign * coalesce(bin_volume, 0)), sum(sign)
    FROM (%s) r
    WHERE subject_id IS NOT NULL AND discarded_at IS NULL
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * coalesce(acknowledged_weight_kg, 0)) <> 0 OR sum(sign * coalesce(bin_volume, 0)) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "waste_evidence_total_key"
    DO UPDATE SET kg = t.kg + excluded.kg, litres = t.litres + excluded.litres, n = t.n + excluded.n$q$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Most upserts add to an existing key: room on the page keeps the new version there (HOT, no index entry).
ALTER TABLE "waste_evidence_total" SET (fillfactor = 50);
--> statement-breakpoint
CREATE TRIGGER "waste_evidence_total_insert" AFTER INSERT ON "waste_evidence_record" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waste_evidence_total_change"();
--> statement-breakpoint
CREATE TRIGGER "waste_evidence_total_update" AFTER UPDATE ON "waste_evidence_record" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waste_evidence_total_change"();
--> statement-breakpoint
CREATE TRIGGER "waste_evidence_total_delete" AFTER DELETE ON "waste_evidence_record" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "waste_evidence_total_change"();
--> statement-breakpoint
CREATE TRIGGER "waste_evidence_total_truncate" AFTER TRUNCATE ON "waste_evidence_record" FOR EACH STATEMENT EXECUTE FUNCTION "waste_evidence_total_change"();
--> statement-breakpoint
INSERT INTO "waste_evidence_total" (municipality_id, year, subject_id, waste_type_id, header_id, kg, litres, n)
SELECT municipality_id, extract(year from collected_at at time zone 'Europe/Prague')::smallint, subject_id, waste_type_id,
  CASE WHEN bin_volume IS NULL THEN header_id END, sum(coalesce(acknowledged_weight_kg, 0)), sum(coalesce(bin_volume, 0)), count(*)
FROM "waste_evidence_record"
WHERE subject_id IS NOT NULL AND discarded_at IS NULL
GROUP BY 1, 2, 3, 4, 5;
