ALTER TABLE `mail_outbox` ADD `coalesce_key` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_coalesce` ON `mail_outbox` (`coalesce_key`);