-- Hand-corrected: drizzle-kit cannot write an expression index. The experts' sort by name folds case with
-- lower() instead of COLLATE NOCASE, so that SQLite and PostgreSQL sort the list alike (admin/clients.ts BY_NAME).
DROP INDEX `users_role_name`;--> statement-breakpoint
CREATE INDEX `users_role_name` ON `users` (`role`, lower(COALESCE(NULLIF(`last_name`, ''), `email`)), lower(COALESCE(`first_name`, '')));
