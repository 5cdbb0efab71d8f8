// Every area's tables. drizzle-kit reads this file to generate migrations
// (`npm run db:generate`, which also refreshes migrations.gen.ts).
export * from './auth'
export * from './profile'
export * from './tax-status'
export * from './messages'
export * from './documents'
export * from './declarations'
export * from './address'
export * from './client-mail'
export * from './advanced'
export * from './recognition'
