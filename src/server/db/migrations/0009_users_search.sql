-- The experts' client search (GET /api/admin/users?q=): a trigram full-text index over one
-- string per user holding the e-mail and both name orders ("Anna Muster", "Muster Anna"),
-- so a substring of e-mail or name is found through the index instead of a scan of users.
-- case_sensitive 0 folds case beyond ASCII (MÜLLER finds Müller); diacritics stay significant.
-- Owned by the users area; kept in step with users by the triggers below.
CREATE VIRTUAL TABLE `users_search` USING fts5(`haystack`, tokenize = 'trigram case_sensitive 0');
--> statement-breakpoint
INSERT INTO `users_search` (`rowid`, `haystack`)
  SELECT `id`, `email` || ' ' || COALESCE(`first_name`, '') || ' '
    || COALESCE(`last_name`, '') || ' ' || COALESCE(`first_name`, '')
  FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search` (`rowid`, `haystack`) VALUES (
    new.`id`,
    new.`email` || ' ' || COALESCE(new.`first_name`, '') || ' '
    || COALESCE(new.`last_name`, '') || ' ' || COALESCE(new.`first_name`, '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `email`, `first_name`, `last_name` ON `users` BEGIN
  UPDATE `users_search`
     SET `haystack` = new.`email` || ' ' || COALESCE(new.`first_name`, '') || ' '
    || COALESCE(new.`last_name`, '') || ' ' || COALESCE(new.`first_name`, '')
   WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_search` WHERE `rowid` = old.`id`;
END;
