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
