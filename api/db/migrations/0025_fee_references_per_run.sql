ALTER TABLE "fee" DROP CONSTRAINT "fee_municipality_id_municipality_id_fk";
--> statement-breakpoint
ALTER TABLE "fee" DROP CONSTRAINT "fee_subject_id_subject_id_fk";
--> statement-breakpoint
ALTER TABLE "fee" DROP CONSTRAINT "fee_fee_payer_id_fee_payer_id_fk";
--> statement-breakpoint
-- Decision 0035: fee has no foreign keys (a first run of a 100,000-payer city spent ~7 s checking three of them row by
-- row). The fee engine, its only writer, takes them from the municipality's payers and memberships it reads in its
-- transaction, holding the advisory lock 'obec.feeReferences' shared; a deletion of a municipality, subject or payer
-- takes it exclusively before it deletes a row, so it never interleaves with a run: it waits for the run's commit and
-- its AFTER trigger then sees the run's fees (a run waits for the deletion's commit and no longer reads what it
-- deleted). What the keys did is done once per statement: a municipality's and a subject's fees go with them (their
-- lines by fee_deleted), a payer with fees is not deleted — unless its municipality goes too (a municipality's
-- deletion removes the payers first by their own cascade, then its fees by this trigger).
CREATE FUNCTION "fee_reference_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('obec.feeReferences'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_municipality_deleting" BEFORE DELETE ON "municipality" FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleting"();
--> statement-breakpoint
CREATE TRIGGER "fee_subject_deleting" BEFORE DELETE ON "subject" FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleting"();
--> statement-breakpoint
CREATE TRIGGER "fee_payer_deleting" BEFORE DELETE ON "fee_payer" FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleting"();
--> statement-breakpoint
CREATE FUNCTION "fee_reference_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'municipality' THEN
    DELETE FROM "fee" WHERE "municipality_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'subject' THEN
    DELETE FROM "fee" WHERE "subject_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'fee_payer' THEN
    IF EXISTS (SELECT 1 FROM "fee" f WHERE f."fee_payer_id" IN (SELECT "id" FROM gone)
        AND EXISTS (SELECT 1 FROM "municipality" m WHERE m."id" = f."municipality_id")) THEN
      RAISE EXCEPTION 'fee_payer: fees still refer to the deleted payer'
        USING ERRCODE = 'foreign_key_violation', TABLE = 'fee', CONSTRAINT = 'fee_fee_payer_id_fee_payer_id_fk';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_municipality_deleted" AFTER DELETE ON "municipality" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "fee_subject_deleted" AFTER DELETE ON "subject" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "fee_payer_deleted" AFTER DELETE ON "fee_payer" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "fee_reference_deleted"();
--> statement-breakpoint
-- Decision 0035: which fee_record lines a fee has (only the components that apply); null = all seven.
ALTER TABLE "fee" ADD COLUMN "line_types" smallint;
