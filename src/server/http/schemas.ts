import { t } from 'elysia'

/** The plain acknowledgement many writes answer with. */
export const successSchema = t.Object({ success: t.Boolean() })

/**
 * An answer typed by a shared TypeScript type (src/shared) without a second,
 * hand-written copy of it as a schema: Eden gets the type, and the server does not
 * check the shape at run time. For answers built from the shared types only.
 */
export const shaped = <T>() => t.Unsafe<T>(t.Any())
