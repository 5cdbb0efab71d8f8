// Every area's tables. drizzle-kit reads this folder to generate migrations.
export * from './auth'
