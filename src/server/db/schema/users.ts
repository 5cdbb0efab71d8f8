import { sql } from 'drizzle-orm'
import { sqliteTable, integer, text, real, index, primaryKey } from 'drizzle-orm/sqlite-core'

// Owned by the users area (src/server/users): only its services write these; others read through them.

/** A person who signed in at least once. Registration fields here, the tax profile in `profiles`. */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    language: text('language').notNull().default('en'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    countryCode: text('country_code').notNull().default('+41'),
    createdAt: integer('created_at').notNull(),
    lastLoginAt: integer('last_login_at'),
    /**
     * Where the admin role came from: 'env' (ADMIN_EMAILS, taken away at start once the
     * address leaves the list) or 'cli' (`swisstax admin add`, stays until `admin remove`).
     */
    roleSource: text('role_source', { enum: ['env', 'cli'] }),
    /** The client's choice on the profile: e-mail on expert replies, status moves and deadlines. */
    emailUpdates: integer('email_updates', { mode: 'boolean' }).notNull().default(true),
    /**
     * The client's latest sign-in, message or document change, kept here (not computed
     * from those tables) so the experts' list can sort 10,000 clients by an index.
     */
    lastActivityAt: integer('last_activity_at').notNull().default(0),
  },
  (t) => [
    index('users_role_activity').on(t.role, t.lastActivityAt),
    // The list's sort by name: last name, else the e-mail, case-insensitive. lower(), not COLLATE NOCASE:
    // the same expression sorts alike on SQLite and PostgreSQL (admin/clients.ts BY_NAME repeats it).
    index('users_role_name').on(
      t.role,
      sql`lower(COALESCE(NULLIF(${t.lastName}, ''), ${t.email}))`,
      sql`lower(COALESCE(${t.firstName}, ''))`,
    ),
  ],
)

/**
 * The tax profile of a user (spec part 2 §3): one row per user, written by the
 * profile screen and the tax-setup wizard. First name, last name, phone and
 * country code live on `users` (first-time registration).
 */
export const profiles = sqliteTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salutation: text('salutation'),
  dateOfBirth: text('date_of_birth'),
  religion: text('religion'),
  jobName: text('job_name'),
  taxAddress: text('tax_address'),
  cantonOfResidence: text('canton_of_residence'),
  street: text('street'),
  zipCode: text('zip_code'),
  city: text('city'),
  gemeinde: text('gemeinde'),
  movedDuringYear: text('moved_during_year'),
  housingSituation: text('housing_situation'),
  isFirefighter: integer('is_firefighter', { mode: 'boolean' }),
  maritalStatus: text('marital_status'),
  propertyOwner: integer('property_owner', { mode: 'boolean' }),
  numberOfProperties: integer('number_of_properties'),
  propertyCountry: text('property_country'),
  propertyUse: text('property_use'),
  hasChildren: integer('has_children', { mode: 'boolean' }),
  numberOfChildren: integer('number_of_children'),
  /** JSON array of ages 0..18. */
  childrenAges: text('children_ages'),
  hasInvestments: integer('has_investments', { mode: 'boolean' }),
  hasForeignIncome: integer('has_foreign_income', { mode: 'boolean' }),
  isDisabled: integer('is_disabled', { mode: 'boolean' }),
  receivesAHVIV: integer('receives_ahv_iv', { mode: 'boolean' }),
  hasTaxIdentificationNumber: integer('has_tax_identification_number', { mode: 'boolean' }),
  hasPowerOfAttorney: integer('has_power_of_attorney', { mode: 'boolean' }),
  employmentType: text('employment_type'),
  paysAlimony: integer('pays_alimony', { mode: 'boolean' }),
  alimonyAmount: real('alimony_amount'),
  alimonyDuration: text('alimony_duration'),
  hasPillar3a: integer('has_pillar_3a', { mode: 'boolean' }),
  hasPension: integer('has_pension', { mode: 'boolean' }),
  taxationLevel: text('taxation_level'),
  /** 'none' until an admin sets basic or premium. */
  subscriptionPlan: text('subscription_plan').notNull().default('basic'),
  isTaxProfileComplete: integer('is_tax_profile_complete', { mode: 'boolean' }).notNull().default(false),
  gtcAcceptedAt: integer('gtc_accepted_at'),
  gtcUserAgent: text('gtc_user_agent'),
  gtcIp: text('gtc_ip'),
  updatedAt: integer('updated_at').notNull(),
})

/**
 * A form the person has not finished yet, kept on the server (issue 25: Back, a reload or a legal link lost every
 * answer): the tax-setup wizard's answers and step, or the registration's input. One row per user and kind; the
 * wizard's completion and the accepted terms delete theirs.
 */
export const formDrafts = sqliteTable(
  'form_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['wizard', 'registration'] }).notNull(),
    /** The wizard's tax year (0 for the registration). */
    taxYear: integer('tax_year').notNull(),
    /** The wizard's step to reopen on, 0-based (0 for the registration). */
    step: integer('step').notNull(),
    /** JSON object of profile fields as entered, unchecked: the profile's rules apply when it is completed. */
    answers: text('answers').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)
