import { namesOf } from './users/service'

export interface AppContext {
  db: any
  sqlite: any
}
export const seed = namesOf
