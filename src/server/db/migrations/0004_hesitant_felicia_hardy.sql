CREATE TABLE `advanced_authorization` (
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`tax_address_enabled` integer NOT NULL,
	`power_of_attorney_enabled` integer NOT NULL,
	`canton` text NOT NULL,
	`tin_number` text NOT NULL,
	`power_of_attorney_accepted` integer NOT NULL,
	`accepted_at` integer,
	`accepted_ip` text,
	`accepted_user_agent` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tax_year`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `advanced_children` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`position` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`birth_date` text NOT NULL,
	`disability` integer NOT NULL,
	`schooling_info` text NOT NULL,
	`alimony` real NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `advanced_children_user_year` ON `advanced_children` (`user_id`,`tax_year`,`position`);--> statement-breakpoint
CREATE TABLE `advanced_completion` (
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`completed_at` integer NOT NULL,
	`completed_by` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tax_year`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `advanced_sections` (
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`section` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tax_year`, `section`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `advanced_spouse` (
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`age` integer,
	`occupation` text NOT NULL,
	`ahv_number` text NOT NULL,
	`tax_id` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tax_year`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Completions set through the old flags call move to the advanced area's table.
INSERT INTO `advanced_completion` (`user_id`, `tax_year`, `completed_at`, `completed_by`) SELECT `user_id`, `tax_year`, `updated_at`, `user_id` FROM `tax_year_status` WHERE `advanced_info_completed` = 1;--> statement-breakpoint
ALTER TABLE `tax_year_status` DROP COLUMN `advanced_info_completed`;