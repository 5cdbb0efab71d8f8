DROP INDEX "file_versions_late";--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "late_seen_at" bigint;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "late_seen_by" bigint;--> statement-breakpoint
CREATE INDEX "file_versions_late_unseen" ON "file_versions" USING btree ("file_id") WHERE "file_versions"."after_transmission" AND "file_versions"."late_seen_at" IS NULL;