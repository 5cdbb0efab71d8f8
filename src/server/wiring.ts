import type { AppContext } from './context'
import type { DocumentHooks } from './documents/service'
import {
  documentsChanged,
  requireFileableYear,
  requireOpenYear,
  yearStatus,
  type AdvancedCompletion,
} from './tax-status/service'
import { isTransmitted } from '../shared/tax-status'
import { isAdvancedCompleted, requireSectionCategoryOpen, setCompletion, setSection } from './advanced/service'
import { taxYearParam } from './http/params'
import { sectionByNamedToggleKey } from '../shared/advanced'

/**
 * The calls that go against the direction of the area imports, wired once here
 * instead of as import cycles. Areas import downward only:
 *   advanced → tax-status → documents, users, notifications
 * so documents learns about the status and the sections through DocumentHooks,
 * and tax-status about the advanced completion through AdvancedCompletion.
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

export function advancedCompletion(ctx: AppContext): AdvancedCompletion {
  return {
    isCompleted: (userId, taxYear) => isAdvancedCompleted(ctx, userId, taxYear),
    setCompleted: (userId, taxYear, completed) => setCompletion(ctx, userId, userId, taxYear, completed),
  }
}
