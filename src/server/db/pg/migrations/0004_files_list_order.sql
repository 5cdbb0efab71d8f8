DROP INDEX "files_user_year";--> statement-breakpoint
CREATE INDEX "files_user_updated" ON "files" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "files_user_year" ON "files" USING btree ("user_id","tax_year","updated_at","id");