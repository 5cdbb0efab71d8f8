import { rule } from '../shared/rules'

export interface AppContext {
  db: any
  sqlite: any
}
export const seed = rule
