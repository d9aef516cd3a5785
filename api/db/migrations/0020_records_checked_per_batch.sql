ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_municipality_id_municipality_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_waste_collection_id_waste_collection_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_header_id_waste_evidence_header_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_waste_type_id_waste_type_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_subject_id_subject_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_import_job_id_import_job_id_fk";
--> statement-breakpoint
ALTER TABLE "waste_evidence_record" DROP CONSTRAINT "waste_evidence_record_created_by_user_id_fk";
--> statement-breakpoint
DROP INDEX "wer_header_time_idx";--> statement-breakpoint
CREATE INDEX "wcl_record_idx" ON "waste_collection_log" USING btree ("record_id") WHERE record_id is not null;--> statement-breakpoint
-- Decision 0031: the evidence records' references are checked once per batch by their writer; what the dropped keys
-- did when their row is deleted is done here, once per statement (the municipality's and the collection's records go,
-- the rest is unset).
CREATE FUNCTION "wer_reference_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'municipality' THEN
    DELETE FROM "waste_evidence_record" WHERE "municipality_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'waste_collection' THEN
    DELETE FROM "waste_evidence_record" WHERE "waste_collection_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'waste_evidence_header' THEN
    UPDATE "waste_evidence_record" SET "header_id" = NULL WHERE "header_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'waste_type' THEN
    UPDATE "waste_evidence_record" SET "waste_type_id" = NULL WHERE "waste_type_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'subject' THEN
    UPDATE "waste_evidence_record" SET "subject_id" = NULL WHERE "subject_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'import_job' THEN
    UPDATE "waste_evidence_record" SET "import_job_id" = NULL WHERE "import_job_id" IN (SELECT "id" FROM gone);
  ELSIF TG_TABLE_NAME = 'user' THEN
    UPDATE "waste_evidence_record" SET "created_by" = NULL WHERE "created_by" IN (SELECT "id" FROM gone);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wer_municipality_deleted" AFTER DELETE ON "municipality" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_collection_deleted" AFTER DELETE ON "waste_collection" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_header_deleted" AFTER DELETE ON "waste_evidence_header" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_waste_type_deleted" AFTER DELETE ON "waste_type" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_subject_deleted" AFTER DELETE ON "subject" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_import_job_deleted" AFTER DELETE ON "import_job" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
--> statement-breakpoint
CREATE TRIGGER "wer_user_deleted" AFTER DELETE ON "user" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "wer_reference_deleted"();
