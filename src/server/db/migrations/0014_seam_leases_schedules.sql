CREATE TABLE `schedules` (
	`name` text PRIMARY KEY NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_run_at` integer,
	`last_owner` text
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `recognitions` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `recognitions` ADD `lease_until` integer;