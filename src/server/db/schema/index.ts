// The tables every service imports, from the tree of the configured database: SQLite's (./tables.ts) by default,
// PostgreSQL's (../pg/schema) when DATABASE_URL is set. One query code base: both trees have the same export
// names, tables, columns and indexes (src/server/db/pg/schema-parity.test.ts), and the types are SQLite's.
// The PostgreSQL tree is loaded with require, and only then, so that the default binary never evaluates
// drizzle's pg-core (cold start and idle memory). docs/storage.md "PostgreSQL".
import * as sqliteTree from './tables'
import { postgresSelected } from '../dialect'

let tree = sqliteTree
if (postgresSelected()) tree = require('../pg/schema') as typeof sqliteTree

export const localities = tree.localities
export const advancedSections = tree.advancedSections
export const advancedSpouse = tree.advancedSpouse
export const advancedChildren = tree.advancedChildren
export const advancedAuthorization = tree.advancedAuthorization
export const advancedCompletion = tree.advancedCompletion
export const loginCodes = tree.loginCodes
export const mailOutbox = tree.mailOutbox
export const declarations = tree.declarations
export const files = tree.files
export const fileVersions = tree.fileVersions
export const categoryPreferences = tree.categoryPreferences
export const sessions = tree.sessions
export const auditLog = tree.auditLog
export const rateLimits = tree.rateLimits
export const appMeta = tree.appMeta
export const schedules = tree.schedules
export const messages = tree.messages
export const notifications = tree.notifications
export const reminderReads = tree.reminderReads
export const recognitions = tree.recognitions
export const taxYearStatus = tree.taxYearStatus
export const users = tree.users
export const profiles = tree.profiles
export const formDrafts = tree.formDrafts
