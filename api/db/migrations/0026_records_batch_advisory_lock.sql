-- Decision 0036: a batch of evidence records no longer locks each referenced row FOR KEY SHARE; it holds the
-- transaction-level advisory lock (hashtext('obec.evidenceRecords'), municipality id) shared, and (…, 0) shared for
-- the global parents (users, the catalogue's waste types). A deletion of a referenced row takes the same lock
-- exclusive before its trigger follows it into the records, so it waits for the batches writing meanwhile (and they
-- for it), as a row lock made it wait before. Keys are taken in ascending order (0 first) by both sides.
CREATE OR REPLACE FUNCTION "wer_reference_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'municipality' THEN
    PERFORM pg_advisory_xact_lock(hashtext('obec.evidenceRecords'), g.k) FROM (SELECT DISTINCT "id" AS k FROM gone ORDER BY 1) g;
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_advisory_xact_lock(hashtext('obec.evidenceRecords'), 0);
  ELSE
    PERFORM pg_advisory_xact_lock(hashtext('obec.evidenceRecords'), g.k)
      FROM (SELECT DISTINCT coalesce("municipality_id", 0) AS k FROM gone ORDER BY 1) g;
  END IF;
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
