CREATE TABLE `declarations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`version` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `declarations_user_year_version` ON `declarations` (`user_id`,`tax_year`,`version`);--> statement-breakpoint
CREATE TABLE `localities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`postal_code` text NOT NULL,
	`locality` text NOT NULL,
	`municipality` text NOT NULL,
	`bfs_number` integer,
	`canton` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `localities_postal_code` ON `localities` (`postal_code`);--> statement-breakpoint
CREATE INDEX `localities_locality` ON `localities` (`locality`);