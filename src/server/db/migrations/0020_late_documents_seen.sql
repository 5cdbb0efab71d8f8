DROP INDEX `file_versions_late`;--> statement-breakpoint
ALTER TABLE `file_versions` ADD `late_seen_at` integer;--> statement-breakpoint
ALTER TABLE `file_versions` ADD `late_seen_by` integer;--> statement-breakpoint
CREATE INDEX `file_versions_late_unseen` ON `file_versions` (`file_id`) WHERE "file_versions"."after_transmission" = 1 AND "file_versions"."late_seen_at" IS NULL;