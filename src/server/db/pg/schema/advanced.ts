// PostgreSQL twin of src/server/db/schema/advanced.ts.
import { pgTable, bigint, integer, text, boolean, doublePrecision, index, primaryKey } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Advanced tax information per user and year (docs/advanced.md); the old client kept all of it in
 * local storage. Written only by src/server/advanced/service.ts.
 */

/** A section's toggle (spec part 2 §4). No row: the section's default (only authorization is on). */
export const advancedSections = pgTable(
  'advanced_sections',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    section: text('section').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear, t.section] })],
)

export const advancedSpouse = pgTable(
  'advanced_spouse',
  {
    userId: bigint('user_id', { mode: 'number' })
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
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)

/** The year's children, in the order the person listed them (`position`). */
export const advancedChildren = pgTable(
  'advanced_children',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: text('birth_date').notNull(),
    disability: boolean('disability').notNull(),
    schoolingInfo: text('schooling_info').notNull(),
    /** CHF per month received for this child. */
    alimony: doublePrecision('alimony').notNull(),
  },
  (t) => [index('advanced_children_user_year').on(t.userId, t.taxYear, t.position)],
)

/**
 * Tax address and power of attorney. The acceptance keeps when, from which address and with
 * which browser it was given: the firm may have to show it to a tax office.
 */
export const advancedAuthorization = pgTable(
  'advanced_authorization',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    taxAddressEnabled: boolean('tax_address_enabled').notNull(),
    powerOfAttorneyEnabled: boolean('power_of_attorney_enabled').notNull(),
    canton: text('canton').notNull(),
    tinNumber: text('tin_number').notNull(),
    powerOfAttorneyAccepted: boolean('power_of_attorney_accepted').notNull(),
    acceptedAt: bigint('accepted_at', { mode: 'number' }),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)

/** "Finish Section": the flag transmit checks (docs/statuses.md). No row: not completed. */
export const advancedCompletion = pgTable(
  'advanced_completion',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer('tax_year').notNull(),
    completedAt: bigint('completed_at', { mode: 'number' }).notNull(),
    completedBy: bigint('completed_by', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taxYear] })],
)
