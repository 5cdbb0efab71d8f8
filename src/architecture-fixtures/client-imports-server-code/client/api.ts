import { type rename, namesOf } from '../server/users/service'

export type Api = typeof rename
export const names = namesOf
