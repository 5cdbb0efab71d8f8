CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`author_id` integer,
	`from_expert` integer DEFAULT false NOT NULL,
	`reply_to` integer,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_user_created` ON `messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_created` ON `messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title_key` text NOT NULL,
	`description_key` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`category` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`action_url` text,
	`action_text_key` text,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reminder_reads` (
	`user_id` integer NOT NULL,
	`reminder` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `reminder`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `category_preferences` (
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`category_id` integer NOT NULL,
	`is_relevant` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tax_year`, `category_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `file_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`version` integer NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`wrapped_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`uploaded_by` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_versions_file_version` ON `file_versions` (`file_id`,`version`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`tax_year` integer NOT NULL,
	`category_id` integer NOT NULL,
	`original_name` text NOT NULL,
	`current_version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `files_user_year` ON `files` (`user_id`,`tax_year`,`updated_at`);--> statement-breakpoint
CREATE INDEX `files_deleted` ON `files` (`deleted_at`);--> statement-breakpoint
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