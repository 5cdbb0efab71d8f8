/**
 * Milliseconds since the epoch. Every service reads time through the context's
 * clock, never Date.now(), so tests can move time instead of sleeping.
 */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()
