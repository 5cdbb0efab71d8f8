import { sqliteTable, integer, text, real, primaryKey, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * Advanced tax information per user and year (docs/advanced.md); the old client kept all of it in
 * local storage. Written only by src/server/advanced/service.ts.
 */

/** A section's toggle (spec part 2 §4). No row: the section's default (only authorization is on). */
export const advancedSections = sqliteTable(
  'advanced_sections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    section: text('section').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear, t.section] })],
)

export const advancedSpouse = sqliteTable(
  'advanced_spouse',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age'),
    occupation: text('occupation').notNull(),
    /** 756.XXXX.XXXX.XX, checked and formatted before it is stored. */
    ahvNumber: text('ahv_number').notNull(),
    taxId: text('tax_id').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)

/** The year's children, in the order the person listed them (`position`). */
export const advancedChildren = sqliteTable(
  'advanced_children',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: text('birth_date').notNull(),
    disability: integer('disability', { mode: 'boolean' }).notNull(),
    schoolingInfo: text('schooling_info').notNull(),
    /** CHF per month received for this child. */
    alimony: real('alimony').notNull(),
  },
  (t) => [index('advanced_children_user_year').on(t.userId, t.taxYear, t.position)],
)

/**
 * Tax address and power of attorney. The acceptance keeps when, from which address and with
 * which browser it was given: the firm may have to show it to a tax office.
 */
export const advancedAuthorization = sqliteTable(
  'advanced_authorization',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    taxAddressEnabled: integer('tax_address_enabled', { mode: 'boolean' }).notNull(),
    powerOfAttorneyEnabled: integer('power_of_attorney_enabled', { mode: 'boolean' }).notNull(),
    canton: text('canton').notNull(),
    tinNumber: text('tin_number').notNull(),
    powerOfAttorneyAccepted: integer('power_of_attorney_accepted', { mode: 'boolean' }).notNull(),
    acceptedAt: integer('accepted_at'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)

/** "Finish Section": the flag transmit checks (docs/statuses.md). No row: not completed. */
export const advancedCompletion = sqliteTable(
  'advanced_completion',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    completedAt: integer('completed_at').notNull(),
    completedBy: integer('completed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)
