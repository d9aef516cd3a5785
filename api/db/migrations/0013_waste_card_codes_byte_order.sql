-- Waste-card codes are machine identifiers: byte order (COLLATE "C") lets the btree indexes on them serve
-- LIKE 'prefix%' (the list's code search) and compare faster (on a C.UTF-8 database the order is unchanged).
-- drizzle-orm has no column collation, so this lives only here (api/db/schema/subject.ts says so).
ALTER TABLE "waste_card" ALTER COLUMN "plain_code" SET DATA TYPE varchar(40) COLLATE "C";--> statement-breakpoint
ALTER TABLE "waste_card" ALTER COLUMN "code" SET DATA TYPE varchar(60) COLLATE "C";
