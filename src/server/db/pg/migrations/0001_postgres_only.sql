-- What drizzle-kit cannot describe (hand-written; docs/storage.md "PostgreSQL").
-- Rate-limit counters are short-lived and rebuilt by the next hits: an unlogged table writes no WAL for them.
ALTER TABLE "rate_limits" SET UNLOGGED;
--> statement-breakpoint
-- The experts' client search (src/server/users/search-postgres.ts): SQLite's FTS5 trigram table users_search becomes a
-- trigram GIN index over the same haystack ("e-mail first last first", lower-cased), answered by LIKE.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (
  lower("email" || ' ' || COALESCE("first_name", '') || ' ' || COALESCE("last_name", '') || ' '
    || COALESCE("first_name", '')) gin_trgm_ops
);
