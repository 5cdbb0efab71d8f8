import { t } from 'elysia'
import { auditDetailSchema } from '../infra/audit'
import { profileSchema, publicUserSchema } from '../users/model'
import { declarationSchema } from '../declarations/model'
import { flagsSchema, taxStatusSchema, taxViewProperties } from '../tax-status/model'
import { categoryRecordSchema, fileRecordProperties, fileVersionSchema } from '../documents/model'
import { advancedInfoSchema } from '../advanced/model'
import { inboxSchema, messageSchema } from '../messages/model'

/** GET /api/admin/users: a page of the experts' client list. */
export const clientListSchema = t.Object({
  items: t.Array(
    t.Object({
      id: t.Number(),
      email: t.String(),
      firstName: t.String(),
      lastName: t.String(),
      name: t.String(),
      language: t.String(),
      statusId: t.Number(),
      status: t.String(),
      subscriptionPlan: t.String(),
      fileCount: t.Number(),
      /** Of those, the files whose current version arrived after the year was transmitted (issue 25). */
      lateFileCount: t.Number(),
      unanswered: t.Number(),
      lastActivityAt: t.Number(),
    }),
  ),
  total: t.Number(),
  page: t.Number(),
  pageSize: t.Number(),
  taxYear: t.Number(),
})

const amounts = {
  taxValue: t.String(),
  grossRevenueA: t.String(),
  grossRevenueB: t.String(),
  withholdingTaxClaim: t.String(),
}

/**
 * GET /api/admin/inbox: the messages waiting for an answer (a page), and the clients whose documents arrived after
 * their year was transmitted and are unseen, per year, the newest arrival first, with the versions' ids that
 * "mark as seen" names, and how many such client years there are in all (issue 25).
 */
export const expertInboxSchema = t.Object({
  ...inboxSchema.properties,
  lateUploads: t.Array(
    t.Object({
      userId: t.Number(),
      taxYear: t.Number(),
      count: t.Number(),
      lastAt: t.Number(),
      versionIds: t.Array(t.String()),
      email: t.String(),
      name: t.String(),
    }),
  ),
  lateTotal: t.Number(),
})

/** POST /api/admin/users/:id/late-documents/seen: the versions named, which of them were new to the team. */
export const lateSeenBodySchema = t.Object({
  taxYear: t.Integer(),
  versionIds: t.Array(t.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
})
export const lateSeenSchema = t.Object({ success: t.Boolean(), marked: t.Number() })

/** GET /api/admin/users/:id: one client for the expert's client page, every part from its own area. */
export const clientDetailSchema = t.Object({
  user: t.Object({ ...publicUserSchema.properties, createdAt: t.Number(), lastLoginAt: t.Nullable(t.Number()) }),
  profile: profileSchema,
  declaration: t.Nullable(declarationSchema),
  taxYear: t.Number(),
  statuses: t.Array(t.Object({ ...taxStatusSchema.properties, ...flagsSchema.properties })),
  checklist: t.Array(categoryRecordSchema),
  files: t.Array(t.Object({ ...fileRecordProperties, versions: t.Array(fileVersionSchema) })),
  advanced: advancedInfoSchema,
  powerOfAttorney: t.Nullable(
    t.Object({ acceptedAt: t.Number(), ip: t.Nullable(t.String()), userAgent: t.Nullable(t.String()) }),
  ),
  messages: t.Array(messageSchema),
  /** The year's files whose current version arrived after the transmission: whether and when the team saw it. */
  lateFiles: t.Array(
    t.Object({
      fileId: t.String(),
      versionId: t.String(),
      seenAt: t.Nullable(t.Number()),
      seenBy: t.Nullable(t.String()),
    }),
  ),
  statements: t.Object({
    rows: t.Array(
      t.Object({
        fileId: t.String(),
        version: t.Number(),
        fileName: t.String(),
        institution: t.String(),
        clientNumber: t.String(),
        ...amounts,
      }),
    ),
    totals: t.Object(amounts),
  }),
})

/** POST /api/admin/users/:id/status: the move made, with the status it reached. */
export const statusMoveSchema = t.Object({ success: t.Boolean(), ...taxStatusSchema.properties })

export const resetProfileSchema = t.Object({
  success: t.Boolean(),
  userId: t.Number(),
  email: t.String(),
  message: t.String(),
})

/** GET /api/admin/audit: a page of the log, newest first, and every action recorded (the filter's choices). */
export const auditPageSchema = t.Object({
  items: t.Array(
    t.Object({
      id: t.Number(),
      at: t.Number(),
      lastAt: t.Nullable(t.Number()),
      repeats: t.Number(),
      otherTargets: t.Number(),
      userId: t.Nullable(t.Number()),
      targetUserId: t.Nullable(t.Number()),
      /** The acting account's and the client's names (or e-mail addresses), null when the account is gone. */
      userName: t.Nullable(t.String()),
      targetName: t.Nullable(t.String()),
      action: t.String(),
      ip: t.Nullable(t.String()),
      detail: t.Nullable(auditDetailSchema),
    }),
  ),
  total: t.Number(),
  page: t.Number(),
  pageSize: t.Number(),
  actions: t.Array(t.String()),
})

/** GET /api/admin/system: what the operator's System tab shows. */
export const systemInfoSchema = t.Object({
  environment: t.String(),
  version: t.String(),
  buildDate: t.Nullable(t.String()),
  startedAt: t.String(),
  uptimeSeconds: t.Number(),
  database: t.Object({ bytes: t.Number(), path: t.String() }),
  storedFiles: t.Number(),
  storedVersions: t.Number(),
  storedBytes: t.Number(),
  clients: t.Number(),
  admins: t.Number(),
  migrations: t.Array(t.Object({ tag: t.String(), appliedAt: t.Number() })),
  mail: t.Object({ pending: t.Number(), failing: t.Number(), sent: t.Number(), configured: t.Boolean() }),
  integrity: t.Nullable(t.Array(t.String())),
})

/** GET /api/debug/db-status (spec part 1 §6). */
const dbStatusProperties = {
  hasTaxProfileColumn: t.Boolean(),
  columns: t.Array(t.String()),
  userCount: t.Number(),
  taxCompletedCount: t.Number(),
  completionRate: t.Number(),
  newestUser: t.Nullable(t.Object({ id: t.Number(), email: t.String(), created: t.String() })),
  lastChecked: t.String(),
}
export const dbStatusSchema = t.Object(dbStatusProperties)

/** POST /api/debug/fix-column (development only): the migrations applied, then the status again. */
export const fixColumnSchema = t.Object({ success: t.Boolean(), applied: t.Array(t.String()), ...dbStatusProperties })

/** GET /api/tax/status (spec part 1 §7): the person's tax view and the profile flag. */
export const taxProfileStatusSchema = t.Object({
  ...taxViewProperties,
  userId: t.Number(),
  isTaxProfileComplete: t.Boolean(),
  lastChecked: t.String(),
})

/** POST /api/tax-profile/set-status: the experts' debug toggle of the profile flag. */
export const taxProfileFlagSchema = t.Object({
  success: t.Boolean(),
  userId: t.Number(),
  isTaxProfileComplete: t.Boolean(),
})
