-- The waste card list's name search (docs/benchmarks.md 'waste cards: names on the card'): each card carries the
-- names the list shows — its collection point's and its fee payer's, folded like every search text (migration
-- 0012) —, kept here by triggers, under one trigram index. Names only: the collection points' and payers' whole
-- search texts (addresses, e-mails) doubled the index's cost of an imported card.
ALTER TABLE "waste_card" ADD COLUMN "search" text;--> statement-breakpoint
CREATE FUNCTION waste_card_search_text(
  subject_name text, subject_short_name text, payer_last_name text, payer_first_name text, payer_company_name text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(translate(lower(concat_ws(E'\n', subject_name, subject_short_name,
      nullif(concat_ws(' ', payer_last_name, payer_first_name), ''),
      nullif(concat_ws(' ', payer_first_name, payer_last_name), ''), payer_company_name)),
    'áäčďéěíĺľňóôŕřšťúůýž', 'aacdeeillnoorrstuuyz'), '')
$$;--> statement-breakpoint
-- A card's own write: an insert that did not bring its text (the waste card import brings it from the rows it has
-- already looked up), or its collection point or payer changed (a deletion's SET NULL too).
CREATE FUNCTION waste_card_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s subject%ROWTYPE; p fee_payer%ROWTYPE;
BEGIN
  SELECT * INTO s FROM subject WHERE id = NEW.subject_id;
  SELECT * INTO p FROM fee_payer WHERE id = NEW.fee_payer_id;
  NEW.search := waste_card_search_text(s.name, s.short_name, p.last_name, p.first_name, p.company_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER waste_card_search_insert BEFORE INSERT ON waste_card FOR EACH ROW
  WHEN (NEW.search IS NULL AND (NEW.subject_id IS NOT NULL OR NEW.fee_payer_id IS NOT NULL))
  EXECUTE FUNCTION waste_card_search();--> statement-breakpoint
CREATE TRIGGER waste_card_search_update BEFORE UPDATE OF subject_id, fee_payer_id ON waste_card FOR EACH ROW
  WHEN (NEW.subject_id IS DISTINCT FROM OLD.subject_id OR NEW.fee_payer_id IS DISTINCT FROM OLD.fee_payer_id)
  EXECUTE FUNCTION waste_card_search();--> statement-breakpoint
-- A renamed collection point or fee payer: its cards follow. Only an update of a name wakes these (the fee
-- engine's updates of totals and final fees do not).
CREATE FUNCTION waste_card_search_of_subject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waste_card c
    SET search = waste_card_search_text(NEW.name, NEW.short_name, p.last_name, p.first_name, p.company_name)
  FROM waste_card w LEFT JOIN fee_payer p ON p.id = w.fee_payer_id
  WHERE w.id = c.id AND c.subject_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subject_search_to_cards AFTER UPDATE OF name, short_name ON subject FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.short_name IS DISTINCT FROM NEW.short_name)
  EXECUTE FUNCTION waste_card_search_of_subject();--> statement-breakpoint
CREATE FUNCTION waste_card_search_of_payer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE waste_card c
    SET search = waste_card_search_text(s.name, s.short_name, NEW.last_name, NEW.first_name, NEW.company_name)
  FROM waste_card w LEFT JOIN subject s ON s.id = w.subject_id
  WHERE w.id = c.id AND c.fee_payer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER fee_payer_search_to_cards AFTER UPDATE OF last_name, first_name, company_name ON fee_payer FOR EACH ROW
  WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.company_name IS DISTINCT FROM NEW.company_name)
  EXECUTE FUNCTION waste_card_search_of_payer();--> statement-breakpoint
UPDATE waste_card c
  SET search = waste_card_search_text(s.name, s.short_name, p.last_name, p.first_name, p.company_name)
  FROM waste_card w
  LEFT JOIN subject s ON s.id = w.subject_id
  LEFT JOIN fee_payer p ON p.id = w.fee_payer_id
  WHERE w.id = c.id AND (w.subject_id IS NOT NULL OR w.fee_payer_id IS NOT NULL);--> statement-breakpoint
CREATE INDEX "waste_card_search_trgm_idx" ON "waste_card" USING gin ("search" gin_trgm_ops);
