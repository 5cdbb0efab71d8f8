/**
 * Types of the API contract, read off the Treaty client (`treaty<App>`, api/client.ts): what a route answers and
 * what it takes, as the server's route declares them, so that no screen writes an answer's type by hand.
 */
type TreatyCall = (...args: never[]) => Promise<{ data: unknown; error: unknown }>

/** What a call answers when it succeeds, e.g. `AnswerOf<typeof api.user.get>`. */
export type AnswerOf<Call extends TreatyCall> = Extract<Awaited<ReturnType<Call>>, { error: null }>['data']

/** What a call sends: its first parameter (the body of a write), e.g. `BodyOf<typeof api.advanced.spouse.put>`. */
export type BodyOf<Call extends (...args: never[]) => unknown> = Parameters<Call>[0]
