CREATE TABLE "yard_day_sum" (
	"yard_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	"weight_kg" numeric(16, 3) NOT NULL,
	CONSTRAINT "yard_day_sum_yard_id_day_pk" PRIMARY KEY("yard_id","day")
);
--> statement-breakpoint
CREATE TABLE "yard_day_waste_sum" (
	"yard_id" integer NOT NULL,
	"day" date NOT NULL,
	"yard_waste_id" integer NOT NULL,
	"records" integer NOT NULL,
	"weight_kg" numeric(16, 3) NOT NULL,
	"fee_without_vat" numeric(14, 2) NOT NULL,
	"vat" numeric(14, 2) NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	CONSTRAINT "yard_day_waste_sum_yard_id_day_yard_waste_id_pk" PRIMARY KEY("yard_id","day","yard_waste_id")
);
--> statement-breakpoint
CREATE TABLE "yard_payer_year_sum" (
	"yard_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"fee_payer_id" integer NOT NULL,
	"visits" integer NOT NULL,
	"weight_kg" numeric(16, 3) NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	CONSTRAINT "yard_payer_year_sum_yard_id_year_fee_payer_id_pk" PRIMARY KEY("yard_id","year","fee_payer_id")
);
--> statement-breakpoint
CREATE INDEX "yard_payer_year_sum_visits_idx" ON "yard_payer_year_sum" USING btree ("yard_id","year","visits" DESC NULLS LAST,"weight_kg" DESC NULLS LAST,"fee_payer_id");--> statement-breakpoint
CREATE INDEX "yard_payer_year_sum_weight_idx" ON "yard_payer_year_sum" USING btree ("yard_id","year","weight_kg" DESC NULLS LAST,"visits" DESC NULLS LAST,"fee_payer_id");--> statement-breakpoint
-- A yard's per-day sums and its payers' per-year sums (docs/yards.md, statistics) follow its visits and their records statement by statement, on
-- every write path (the form, demo and bench seeding, a yard's or a municipality's deletion by cascade). Each
-- statement recomputes the (yard, day) pairs it touched from the raw rows instead of adding deltas: a deleted
-- record whose visit is already gone (a cascade) has no yard and day left to subtract from, while a recomputation
-- from the surviving visits is exact whatever order the cascade runs in. The transaction-level advisory lock per
-- yard (ascending order) makes two writers of one yard take turns, and the recomputation that waited reads the
-- other's committed rows (a new snapshot per statement in READ COMMITTED).
CREATE FUNCTION "yard_day_sums_refresh"(yards integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('obec.yardDaySums'), y) FROM (SELECT DISTINCT unnest(yards) AS y ORDER BY 1) k;
  DELETE FROM "yard_day_sum" s USING unnest(yards, days) AS k(y, d) WHERE s."yard_id" = k.y AND s."day" = k.d;
  DELETE FROM "yard_day_waste_sum" s USING unnest(yards, days) AS k(y, d) WHERE s."yard_id" = k.y AND s."day" = k.d;
  INSERT INTO "yard_day_sum" ("yard_id", "day", "visits", "weight_kg")
  SELECT r."yard_id", r."report_date", count(*), sum(r."total_weight_kg")
  FROM (SELECT DISTINCT y, d FROM unnest(yards, days) AS k(y, d)) k
  JOIN "yard_report" r ON r."yard_id" = k.y AND r."report_date" = k.d
  GROUP BY 1, 2;
  INSERT INTO "yard_day_waste_sum" ("yard_id", "day", "yard_waste_id", "records", "weight_kg", "fee_without_vat", "vat", "fee")
  SELECT r."yard_id", r."report_date", rr."yard_waste_id", count(*), sum(rr."quantity_kg"), sum(rr."fee_without_vat"),
    sum(rr."vat"), sum(rr."fee")
  FROM (SELECT DISTINCT y, d FROM unnest(yards, days) AS k(y, d)) k
  JOIN "yard_report" r ON r."yard_id" = k.y AND r."report_date" = k.d
  JOIN "yard_report_record" rr ON rr."yard_report_id" = r."id"
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- A payer's year of a yard (the top visitors), recomputed like the days, from the (yard, payer) index.
CREATE FUNCTION "yard_payer_year_refresh"(yards integer[], years smallint[], payers integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('obec.yardDaySums'), y) FROM (SELECT DISTINCT unnest(yards) AS y ORDER BY 1) k;
  DELETE FROM "yard_payer_year_sum" s USING unnest(yards, years, payers) AS k(y, yr, p)
  WHERE s."yard_id" = k.y AND s."year" = k.yr AND s."fee_payer_id" = k.p;
  INSERT INTO "yard_payer_year_sum" ("yard_id", "year", "fee_payer_id", "visits", "weight_kg", "fee")
  SELECT k.y, k.yr, k.p, count(*), sum(r."total_weight_kg"), sum(r."fee")
  FROM (SELECT DISTINCT y, yr, p FROM unnest(yards, years, payers) AS k(y, yr, p)) k
  JOIN "yard_report" r ON r."yard_id" = k.y AND r."fee_payer_id" = k.p
    AND r."report_date" >= make_date(k.yr, 1, 1) AND r."report_date" < make_date(k.yr + 1, 1, 1)
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE FUNCTION "yard_day_sums_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  yards integer[];
  days date[];
  pyards integer[];
  years smallint[];
  payers integer[];
  src text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "yard_day_sum", "yard_day_waste_sum", "yard_payer_year_sum";
    RETURN NULL;
  END IF;
  -- The visits the statement wrote: all inserted or deleted ones; of the updated ones only those whose yard, day,
  -- payer, weight or fee changed (in both their old and new place) — a paid flag or mail status touches no sum.
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "yard_id", "report_date", "fee_payer_id" FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT "yard_id", "report_date", "fee_payer_id" FROM old_rows'
    ELSE 'SELECT x.* FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES (o."yard_id", o."report_date", o."fee_payer_id"),
        (n."yard_id", n."report_date", n."fee_payer_id")) AS x ("yard_id", "report_date", "fee_payer_id")
      WHERE (o."yard_id", o."report_date", o."fee_payer_id", o."total_weight_kg", o."fee")
        IS DISTINCT FROM (n."yard_id", n."report_date", n."fee_payer_id", n."total_weight_kg", n."fee")' END;
  EXECUTE format('SELECT array_agg(y ORDER BY y, d), array_agg(d ORDER BY y, d)
    FROM (SELECT DISTINCT "yard_id" AS y, "report_date" AS d FROM (%s) t) k', src) INTO yards, days;
  EXECUTE format('SELECT array_agg(y ORDER BY y, yr, p), array_agg(yr ORDER BY y, yr, p), array_agg(p ORDER BY y, yr, p)
    FROM (SELECT DISTINCT "yard_id" AS y, extract(year from "report_date")::smallint AS yr, "fee_payer_id" AS p
    FROM (%s) t) k', src) INTO pyards, years, payers;
  IF yards IS NOT NULL THEN
    PERFORM "yard_day_sums_refresh"(yards, days);
    PERFORM "yard_payer_year_refresh"(pyards, years, payers);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A record's yard and day are its visit's; records of a visit deleted in the same statement (a cascade) are left
-- to the visit's own trigger, which recomputes that day without them.
CREATE FUNCTION "yard_day_sums_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  yards integer[];
  days date[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "yard_day_waste_sum";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(y ORDER BY y, d), array_agg(d ORDER BY y, d) INTO yards, days
    FROM (SELECT DISTINCT r."yard_id" AS y, r."report_date" AS d FROM new_rows x JOIN "yard_report" r ON r."id" = x."yard_report_id") k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(y ORDER BY y, d), array_agg(d ORDER BY y, d) INTO yards, days
    FROM (SELECT DISTINCT r."yard_id" AS y, r."report_date" AS d FROM old_rows x JOIN "yard_report" r ON r."id" = x."yard_report_id") k;
  ELSE
    SELECT array_agg(y ORDER BY y, d), array_agg(d ORDER BY y, d) INTO yards, days
    FROM (
      SELECT r."yard_id" AS y, r."report_date" AS d FROM new_rows x JOIN "yard_report" r ON r."id" = x."yard_report_id"
      UNION
      SELECT r."yard_id", r."report_date" FROM old_rows x JOIN "yard_report" r ON r."id" = x."yard_report_id"
    ) k;
  END IF;
  IF yards IS NOT NULL THEN
    PERFORM "yard_day_sums_refresh"(yards, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_report_insert" AFTER INSERT ON "yard_report" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_report_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_report_update" AFTER UPDATE ON "yard_report" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_report_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_report_delete" AFTER DELETE ON "yard_report" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_report_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_report_truncate" AFTER TRUNCATE ON "yard_report" FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_report_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_record_insert" AFTER INSERT ON "yard_report_record" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_record_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_record_update" AFTER UPDATE ON "yard_report_record" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_record_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_record_delete" AFTER DELETE ON "yard_report_record" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_record_change"();
--> statement-breakpoint
CREATE TRIGGER "yard_day_sums_record_truncate" AFTER TRUNCATE ON "yard_report_record" FOR EACH STATEMENT EXECUTE FUNCTION "yard_day_sums_record_change"();
--> statement-breakpoint
INSERT INTO "yard_day_sum" ("yard_id", "day", "visits", "weight_kg")
SELECT "yard_id", "report_date", count(*), sum("total_weight_kg") FROM "yard_report" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "yard_day_waste_sum" ("yard_id", "day", "yard_waste_id", "records", "weight_kg", "fee_without_vat", "vat", "fee")
SELECT r."yard_id", r."report_date", rr."yard_waste_id", count(*), sum(rr."quantity_kg"), sum(rr."fee_without_vat"), sum(rr."vat"), sum(rr."fee")
FROM "yard_report" r JOIN "yard_report_record" rr ON rr."yard_report_id" = r."id"
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "yard_payer_year_sum" ("yard_id", "year", "fee_payer_id", "visits", "weight_kg", "fee")
SELECT "yard_id", extract(year from "report_date")::smallint, "fee_payer_id", count(*), sum("total_weight_kg"), sum("fee")
FROM "yard_report" GROUP BY 1, 2, 3;
