CREATE TABLE `recognitions` (
	`version_id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`auto_move` integer DEFAULT false NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`category_id` integer,
	`confidence` real,
	`language` text,
	`document_year` integer,
	`fields` text,
	`reason` text,
	`method` text,
	`moved_from` integer,
	`text_key` text,
	`ms` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `file_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recognitions_queue` ON `recognitions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `recognitions_file` ON `recognitions` (`file_id`);