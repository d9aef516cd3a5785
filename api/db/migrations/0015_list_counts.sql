CREATE TABLE "list_option" (
	"list" text NOT NULL,
	"municipality_id" integer NOT NULL,
	"value" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "list_option_list_municipality_id_value_pk" PRIMARY KEY("list","municipality_id","value")
);
--> statement-breakpoint
CREATE TABLE "list_total" (
	"list" text NOT NULL,
	"municipality_id" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "list_total_list_municipality_id_pk" PRIMARY KEY("list","municipality_id")
);
--> statement-breakpoint
-- What one statement changed in a counted table, as +1 for each new row and -1 for each old one; TG_ARGV[0] names
-- the list, the other arguments the filter columns whose values are counted too (list_option, 'list.column').
CREATE FUNCTION list_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select 1 as d, n.* from new_rows n'
    WHEN 'DELETE' THEN 'select -1 as d, o.* from old_rows o'
    ELSE 'select 1 as d, n.* from new_rows n union all select -1 as d, o.* from old_rows o'
  END;
  col text;
BEGIN
  EXECUTE format(
    'insert into list_total (list, municipality_id, total)
       select %L, municipality_id, sum(d) from (%s) x group by municipality_id having sum(d) <> 0
     on conflict (list, municipality_id) do update set total = list_total.total + excluded.total',
    TG_ARGV[0], changes);
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    col := TG_ARGV[i];
    EXECUTE format(
      'insert into list_option (list, municipality_id, value, total)
         select %L, municipality_id, %I, sum(d) from (%s) x where %I is not null
         group by municipality_id, %I having sum(d) <> 0
       on conflict (list, municipality_id, value) do update set total = list_option.total + excluded.total',
      TG_ARGV[0] || '.' || col, col, changes, col, col);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_total WHERE list = TG_ARGV[0];
  DELETE FROM list_option WHERE list LIKE TG_ARGV[0] || '.%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subject_counts_insert AFTER INSERT ON subject REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('subject', 'street', 'city_district', 'city');
--> statement-breakpoint
CREATE TRIGGER subject_counts_update AFTER UPDATE ON subject REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('subject', 'street', 'city_district', 'city');
--> statement-breakpoint
CREATE TRIGGER subject_counts_delete AFTER DELETE ON subject REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('subject', 'street', 'city_district', 'city');
--> statement-breakpoint
CREATE TRIGGER subject_counts_truncate AFTER TRUNCATE ON subject
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated('subject');
--> statement-breakpoint
CREATE TRIGGER fee_payer_counts_insert AFTER INSERT ON fee_payer REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('fee_payer');
--> statement-breakpoint
CREATE TRIGGER fee_payer_counts_update AFTER UPDATE ON fee_payer REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('fee_payer');
--> statement-breakpoint
CREATE TRIGGER fee_payer_counts_delete AFTER DELETE ON fee_payer REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('fee_payer');
--> statement-breakpoint
CREATE TRIGGER fee_payer_counts_truncate AFTER TRUNCATE ON fee_payer
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated('fee_payer');
--> statement-breakpoint
CREATE TRIGGER waste_card_counts_insert AFTER INSERT ON waste_card REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_card');
--> statement-breakpoint
CREATE TRIGGER waste_card_counts_update AFTER UPDATE ON waste_card REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_card');
--> statement-breakpoint
CREATE TRIGGER waste_card_counts_delete AFTER DELETE ON waste_card REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_card');
--> statement-breakpoint
CREATE TRIGGER waste_card_counts_truncate AFTER TRUNCATE ON waste_card
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated('waste_card');
--> statement-breakpoint
CREATE TRIGGER waste_evidence_header_counts_insert AFTER INSERT ON waste_evidence_header REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_evidence_header', 'city');
--> statement-breakpoint
CREATE TRIGGER waste_evidence_header_counts_update AFTER UPDATE ON waste_evidence_header REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_evidence_header', 'city');
--> statement-breakpoint
CREATE TRIGGER waste_evidence_header_counts_delete AFTER DELETE ON waste_evidence_header REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_changed('waste_evidence_header', 'city');
--> statement-breakpoint
CREATE TRIGGER waste_evidence_header_counts_truncate AFTER TRUNCATE ON waste_evidence_header
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated('waste_evidence_header');
--> statement-breakpoint
-- What exists already.
INSERT INTO list_total (list, municipality_id, total)
  SELECT 'subject', municipality_id, count(*) FROM subject GROUP BY municipality_id
  UNION ALL SELECT 'fee_payer', municipality_id, count(*) FROM fee_payer GROUP BY municipality_id
  UNION ALL SELECT 'waste_card', municipality_id, count(*) FROM waste_card GROUP BY municipality_id
  UNION ALL SELECT 'waste_evidence_header', municipality_id, count(*) FROM waste_evidence_header GROUP BY municipality_id;
--> statement-breakpoint
INSERT INTO list_option (list, municipality_id, value, total)
  SELECT 'subject.street', municipality_id, street, count(*) FROM subject WHERE street IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL SELECT 'subject.city_district', municipality_id, city_district, count(*) FROM subject WHERE city_district IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL SELECT 'subject.city', municipality_id, city, count(*) FROM subject WHERE city IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL SELECT 'waste_evidence_header.city', municipality_id, city, count(*) FROM waste_evidence_header WHERE city IS NOT NULL GROUP BY 1, 2, 3;
