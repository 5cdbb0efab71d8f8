ALTER TABLE `audit_log` ADD `target_user_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `target_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `repeats` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `last_at` integer;--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target_user_id`);--> statement-breakpoint
CREATE INDEX `audit_log_collapse` ON `audit_log` (`action`,`ip`,`at`);