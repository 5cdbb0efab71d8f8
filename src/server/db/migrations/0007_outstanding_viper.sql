PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`salutation` text,
	`date_of_birth` text,
	`religion` text,
	`job_name` text,
	`tax_address` text,
	`canton_of_residence` text,
	`street` text,
	`zip_code` text,
	`city` text,
	`gemeinde` text,
	`moved_during_year` text,
	`housing_situation` text,
	`is_firefighter` integer,
	`marital_status` text,
	`property_owner` integer,
	`number_of_properties` integer,
	`property_country` text,
	`property_use` text,
	`has_children` integer,
	`number_of_children` integer,
	`children_ages` text,
	`has_investments` integer,
	`has_foreign_income` integer,
	`is_disabled` integer,
	`receives_ahv_iv` integer,
	`has_tax_identification_number` integer,
	`has_power_of_attorney` integer,
	`employment_type` text,
	`pays_alimony` integer,
	`alimony_amount` real,
	`alimony_duration` text,
	`has_pillar_3a` integer,
	`has_pension` integer,
	`taxation_level` text,
	`subscription_plan` text DEFAULT 'basic' NOT NULL,
	`is_tax_profile_complete` integer DEFAULT false NOT NULL,
	`gtc_accepted_at` integer,
	`gtc_user_agent` text,
	`gtc_ip` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_profiles`("user_id", "salutation", "date_of_birth", "religion", "job_name", "tax_address", "canton_of_residence", "street", "zip_code", "city", "gemeinde", "moved_during_year", "housing_situation", "is_firefighter", "marital_status", "property_owner", "number_of_properties", "property_country", "property_use", "has_children", "number_of_children", "children_ages", "has_investments", "has_foreign_income", "is_disabled", "receives_ahv_iv", "has_tax_identification_number", "has_power_of_attorney", "employment_type", "pays_alimony", "alimony_amount", "alimony_duration", "has_pillar_3a", "has_pension", "taxation_level", "subscription_plan", "is_tax_profile_complete", "gtc_accepted_at", "gtc_user_agent", "gtc_ip", "updated_at") SELECT "user_id", "salutation", "date_of_birth", "religion", "job_name", "tax_address", "canton_of_residence", "street", "zip_code", "city", "gemeinde", "moved_during_year", "housing_situation", "is_firefighter", "marital_status", "property_owner", "number_of_properties", "property_country", "property_use", "has_children", "number_of_children", "children_ages", "has_investments", "has_foreign_income", "is_disabled", "receives_ahv_iv", "has_tax_identification_number", "has_power_of_attorney", "employment_type", "pays_alimony", "alimony_amount", "alimony_duration", "has_pillar_3a", "has_pension", "taxation_level", "subscription_plan", "is_tax_profile_complete", "gtc_accepted_at", "gtc_user_agent", "gtc_ip", "updated_at" FROM `profiles`;--> statement-breakpoint
DROP TABLE `profiles`;--> statement-breakpoint
ALTER TABLE `__new_profiles` RENAME TO `profiles`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
UPDATE `profiles` SET `subscription_plan` = 'basic' WHERE `subscription_plan` = 'none';