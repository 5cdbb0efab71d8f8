// The PostgreSQL tree of src/server/db/schema (same export names, checked by schema-parity.test.ts).
// Every area's tables, one file per owning area (named after it): only that
// area writes them, others read through its service (the architecture test
// checks this). drizzle-kit reads this file to generate the PostgreSQL
// migrations (drizzle.pg.config.ts; `npm run db:generate` refreshes both trees' migrations).
export * from './users'
export * from './auth'
export * from './infra'
export * from './tax-status'
export * from './notifications'
export * from './messages'
export * from './documents'
export * from './declarations'
export * from './address'
export * from './client-mail'
export * from './advanced'
export * from './recognition'
