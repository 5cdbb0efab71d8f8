import { type Static, type TSchema, t } from 'elysia'
import { badRequest } from './errors'

/** The plain acknowledgement many writes answer with. */
export const successSchema = t.Object({ success: t.Boolean() })

/** Whether two types are the same (not merely assignable both ways: an optional field missing from one counts). */
export type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false

/**
 * A schema that describes a type written elsewhere, checked by tsc: `mirroring<FileRecord>()(t.Object({…}))`.
 * For the types of src/shared, which both sides use and which cannot import a schema (src/shared imports no
 * framework): the rule there produces the value, the schema here declares the answer, and a field added, dropped
 * or retyped on either side fails the build ("Expected 2 arguments"). Elysia strips from an answer what its schema
 * does not name, so a schema that lagged behind its type would silently drop data.
 */
export const mirroring =
  <T>() =>
  <S extends TSchema>(schema: S, ..._same: Same<Static<S>, T> extends true ? [] : [schemaDiffersFromType: never]) =>
    schema

/**
 * One of a fixed list of texts (a rule's constant of src/shared): `oneOf(ADVANCED_TABS)`. Typed as a one-member
 * union of the literal type: Elysia's handler types do not read a union over an array of literals.
 */
export const oneOf = <const V extends string>(values: readonly V[]) =>
  t.Union(values.map((v) => t.Literal(v))) as unknown as ReturnType<typeof t.Union<[ReturnType<typeof t.Literal<V>>]>>

/**
 * A JSON object whose fields a service checks one by one with the shared rules, so that the refusal names the field
 * in the rule's words (the profile, a declaration's groups, a child of the list). Only these may stay open, and
 * only because their service checks every field; everything else is a closed schema.
 */
export const openObject = t.Record(t.String(), t.Unknown())

/**
 * A transform hook that refuses a body (or its member `key`) that is not a JSON object. It runs before the schema's
 * check, and must: Elysia turns an array or a string into an object (`{"0": …}`) and a number into `{}` to fit
 * an `openObject`, so the service would never see what was sent.
 */
export const requireObject =
  (message: string, key?: string) =>
  ({ body }: { body: unknown }) => {
    const value = key === undefined ? body : (body as Record<string, unknown> | null | undefined)?.[key]
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(message)
  }
