export * as all from '../db/schema'
