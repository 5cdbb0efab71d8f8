import type { App } from '../server/app'
import { rule } from '../shared/rules'

export type Api = App
export const shown = rule
