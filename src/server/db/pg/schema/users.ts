import { sql } from 'drizzle-orm'
import { pgTable, bigint, integer, text, boolean, doublePrecision, index, primaryKey } from 'drizzle-orm/pg-core'

// PostgreSQL twin of src/server/db/schema/users.ts.
// Owned by the users area (src/server/users): only its services write these; others read through them.

/** A person who signed in at least once. Registration fields here, the tax profile in `profiles`. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    language: text('language').notNull().default('en'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    countryCode: text('country_code').notNull().default('+41'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastLoginAt: bigint('last_login_at', { mode: 'number' }),
    /**
     * Where the admin role came from: 'env' (ADMIN_EMAILS, taken away at start once the
     * address leaves the list) or 'cli' (`swisstax admin add`, stays until `admin remove`).
     */
    roleSource: text('role_source', { enum: ['env', 'cli'] }),
    /** The client's choice on the profile: e-mail on expert replies, status moves and deadlines. */
    emailUpdates: boolean('email_updates').notNull().default(true),
    /**
     * The client's latest sign-in, message or document change, kept here (not computed
     * from those tables) so the experts' list can sort 10,000 clients by an index.
     */
    lastActivityAt: bigint('last_activity_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('users_role_activity').on(t.role, t.lastActivityAt),
    // The list's sort by name: last name, else the e-mail, case-insensitive (lower(): PostgreSQL has no NOCASE).
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
export const profiles = pgTable('profiles', {
  userId: bigint('user_id', { mode: 'number' })
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
  isFirefighter: boolean('is_firefighter'),
  maritalStatus: text('marital_status'),
  propertyOwner: boolean('property_owner'),
  numberOfProperties: integer('number_of_properties'),
  propertyCountry: text('property_country'),
  propertyUse: text('property_use'),
  hasChildren: boolean('has_children'),
  numberOfChildren: integer('number_of_children'),
  /** JSON array of ages 0..18. */
  childrenAges: text('children_ages'),
  hasInvestments: boolean('has_investments'),
  hasForeignIncome: boolean('has_foreign_income'),
  isDisabled: boolean('is_disabled'),
  receivesAHVIV: boolean('receives_ahv_iv'),
  hasTaxIdentificationNumber: boolean('has_tax_identification_number'),
  hasPowerOfAttorney: boolean('has_power_of_attorney'),
  employmentType: text('employment_type'),
  paysAlimony: boolean('pays_alimony'),
  alimonyAmount: doublePrecision('alimony_amount'),
  alimonyDuration: text('alimony_duration'),
  hasPillar3a: boolean('has_pillar_3a'),
  hasPension: boolean('has_pension'),
  taxationLevel: text('taxation_level'),
  /** 'none' until an admin sets basic or premium. */
  subscriptionPlan: text('subscription_plan').notNull().default('basic'),
  isTaxProfileComplete: boolean('is_tax_profile_complete').notNull().default(false),
  gtcAcceptedAt: bigint('gtc_accepted_at', { mode: 'number' }),
  gtcUserAgent: text('gtc_user_agent'),
  gtcIp: text('gtc_ip'),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

/**
 * A form the person has not finished yet, kept on the server (issue 25: Back, a reload or a legal link lost every
 * answer): the tax-setup wizard's answers and step, or the registration's input. One row per user and kind; the
 * wizard's completion and the accepted terms delete theirs.
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['wizard', 'registration'] }).notNull(),
    /** The wizard's tax year (0 for the registration). */
    taxYear: integer('tax_year').notNull(),
    /** The wizard's step to reopen on, 0-based (0 for the registration). */
    step: integer('step').notNull(),
    /** JSON object of profile fields as entered, unchecked: the profile's rules apply when it is completed. */
    answers: text('answers').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)
