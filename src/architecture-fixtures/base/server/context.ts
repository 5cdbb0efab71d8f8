import { rule } from '../shared/rules'

export interface AppContext {
  db: any
  sqlite: any
  exec: any
  backend: any
}
export const seed = rule
