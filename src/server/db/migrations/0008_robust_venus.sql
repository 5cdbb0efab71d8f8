DROP INDEX `tax_year_status_year_status`;--> statement-breakpoint
CREATE INDEX `tax_year_status_year_status` ON `tax_year_status` (`tax_year`,`status_id`,`user_id`);