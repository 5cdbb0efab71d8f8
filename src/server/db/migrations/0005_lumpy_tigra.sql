CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`dedupe_key` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupe` ON `mail_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due` ON `mail_outbox` (`sent_at`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `role_source` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_updates` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_activity_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_role_activity` ON `users` (`role`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `users_role_name` ON `users` (`role`, COALESCE(NULLIF(`last_name`, ''), `email`) COLLATE NOCASE, COALESCE(`first_name`, '') COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `audit_log_user_at` ON `audit_log` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `tax_year_status_year_status` ON `tax_year_status` (`tax_year`,`status_id`);--> statement-breakpoint
CREATE INDEX `messages_user_expert` ON `messages` (`user_id`,`from_expert`,`id`);--> statement-breakpoint
-- Hand-written: drizzle-kit cannot write an expression index (users_role_name above is corrected by hand)
-- nor data changes: existing accounts start from their last sign-in.
UPDATE `users` SET `last_activity_at` = MAX(COALESCE(`last_login_at`, 0), `created_at`);
