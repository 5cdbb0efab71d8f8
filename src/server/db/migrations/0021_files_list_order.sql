DROP INDEX `files_user_year`;--> statement-breakpoint
CREATE INDEX `files_user_updated` ON `files` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `files_user_year` ON `files` (`user_id`,`tax_year`,`updated_at`,`id`);