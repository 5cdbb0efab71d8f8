CREATE TABLE `form_drafts` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`tax_year` integer NOT NULL,
	`step` integer NOT NULL,
	`answers` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
