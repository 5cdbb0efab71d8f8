export * from './users'
export * from './documents'
