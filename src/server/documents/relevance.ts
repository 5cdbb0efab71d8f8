import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AppContext } from '../context'
import { categoryPreferences, files } from '../db/schema'
import { notFound } from '../http/errors'
import { taxYearParam } from '../http/params'
import { categoryById } from '../../shared/documents'
import type { DocumentHooks } from './hooks'

// The categories of a year: which have files, which the person marked not relevant, and the marking itself.

/** The year of a change: parsed by the one year parser, then the status says whether it is open. */
async function requireWritableYear(hooks: DocumentHooks, userId: number, taxYear: unknown): Promise<number> {
  const year = taxYearParam(taxYear)
  await hooks.requireOpen(userId, year)
  return year
}

/** The categories that have a live file or are marked not relevant for the year (tax-status reads this for 2→3). */
export async function coveredCategories(ctx: AppContext, userId: number, taxYear: number): Promise<Set<number>> {
  const withFiles = await ctx.db
    .selectDistinct({ id: files.categoryId })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))

  const notRelevant = await ctx.db
    .select({ id: categoryPreferences.categoryId })
    .from(categoryPreferences)
    .where(
      and(
        eq(categoryPreferences.userId, userId),
        eq(categoryPreferences.taxYear, taxYear),
        eq(categoryPreferences.isRelevant, false),
      ),
    )

  return new Set([...withFiles, ...notRelevant].map((r) => r.id))
}

export async function setRelevance(
  ctx: AppContext,
  hooks: DocumentHooks,
  userId: number,
  categoryId: number,
  taxYear: unknown,
  isRelevant: boolean,
) {
  const year = await requireWritableYear(hooks, userId, taxYear)
  if (!categoryById(categoryId)) throw notFound('No such document category', 'UNKNOWN_CATEGORY')
  await ctx.tx(async () => {
    await ctx.lock(`status:${userId}:${year}`)
    await hooks.requireOpen(userId, year, categoryId)
    await ctx.db
      .insert(categoryPreferences)
      .values({ userId, taxYear: year, categoryId, isRelevant, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [categoryPreferences.userId, categoryPreferences.taxYear, categoryPreferences.categoryId],
        set: { isRelevant, updatedAt: ctx.now() },
      })
  })

  return {
    success: true,
    categoryId,
    taxYear: year,
    isRelevant,
    statusAdvanced: await hooks.filesChanged(userId, year),
  }
}

/** Per category: live file count and relevance for the year. */
export async function categoryState(ctx: AppContext, userId: number, taxYear: number | undefined) {
  const counts = new Map<number, number>()
  const relevance = new Map<number, boolean>()
  if (taxYear !== undefined) {
    for (const r of await ctx.db
      .select({ id: files.categoryId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.taxYear, taxYear), isNull(files.deletedAt)))
      .groupBy(files.categoryId))
      counts.set(r.id, r.n)
    for (const r of await ctx.db
      .select()
      .from(categoryPreferences)
      .where(and(eq(categoryPreferences.userId, userId), eq(categoryPreferences.taxYear, taxYear))))
      relevance.set(r.categoryId, r.isRelevant)
  }
  return { counts, relevance }
}
