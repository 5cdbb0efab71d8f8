CREATE TABLE `rate_limits` (
	`bucket` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`hits` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window` ON `rate_limits` (`window_start`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `other_targets` integer DEFAULT 0 NOT NULL;