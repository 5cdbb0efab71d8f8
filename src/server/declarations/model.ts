import { type Static, t } from 'elysia'

/** A field of a declaration group: text, a number, true/false, null, or (the children's ages) a list of numbers. */
const plainValue = t.Union([t.Null(), t.String(), t.Boolean(), t.Number(), t.Array(t.Number())])

/** The wizard's declaration (spec part 2 §3): groups of plain fields, as saveDeclaration checked them. */
export const declarationDataSchema = t.Record(t.String(), t.Record(t.String(), plainValue))
export type DeclarationData = Static<typeof declarationDataSchema>

/** GET /api/tax/declaration and the experts' client page: the latest saved version. */
export const declarationSchema = t.Object({
  taxYear: t.Number(),
  version: t.Number(),
  savedAt: t.String(),
  taxData: declarationDataSchema,
})
