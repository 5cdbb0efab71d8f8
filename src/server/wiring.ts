import type { AppContext } from './context'
import type { DocumentHooks } from './documents/hooks'
import { documentsChanged, requireFileableYear, requireOpenYear, yearStatus } from './tax-status/service'
import { isTransmitted } from '../shared/tax-status'
import { requireSectionCategoryOpen, setSection } from './advanced/service'
import { taxYearParam } from './http/params'
import { sectionByNamedToggleKey } from '../shared/advanced'
import { usersBelowStatus } from './tax-status/service'
import { clientIds } from './users/service'
import { runDeadlineReminders } from './client-mail/reminders'

/**
 * The calls that go against the direction of the area imports, wired once here
 * instead of as import cycles. Areas import downward only:
 *   advanced → tax-status → documents, users, notifications
 * so documents learns about the status and the sections through DocumentHooks,
 * and tax-status about the advanced completion through AdvancedCompletion (advancedCompletionOf, advanced/service.ts).
 */
export function documentHooks(ctx: AppContext): DocumentHooks {
  return {
    async requireOpen(userId, taxYear, categoryId) {
      await requireOpenYear(ctx, userId, taxYear)
      if (categoryId !== undefined) await requireSectionCategoryOpen(ctx, userId, taxYear, categoryId)
    },
    async requireMayAdd(userId, taxYear, categoryId) {
      requireFileableYear(ctx, taxYear)
      if (isTransmitted((await yearStatus(ctx, userId, taxYear)).statusId)) return { late: true }
      await requireOpenYear(ctx, userId, taxYear)
      await requireSectionCategoryOpen(ctx, userId, taxYear, categoryId)
      return { late: false }
    },
    filesChanged: (userId, taxYear) => documentsChanged(ctx, userId, taxYear),
    async toggleSection(userId, key, taxYear, enabled) {
      // The spec's section toggles use the category call with their toggle key: the named
      // ones ('spouse', 'children') are sections, numbers are document categories (docs/documents.md).
      const section = sectionByNamedToggleKey(key)
      if (!section) return undefined
      return {
        ...(await setSection(ctx, userId, taxYearParam(taxYear), section.id, enabled)),
        categoryId: key,
        isRelevant: enabled,
      }
    },
  }
}

/**
 * The deadline reminders of the running server: clients below status 3 (documents submitted). The statuses are
 * tax-status's, which sends client mail itself, so client-mail is told whom to remind instead of asking.
 */
export const checkDeadlines = (ctx: AppContext) =>
  runDeadlineReminders(ctx, async (year) => usersBelowStatus(ctx, await clientIds(ctx), year, 3))
