/**
 * Whether this process runs on PostgreSQL: DATABASE_URL is set (src/server/config.ts checks its form), or the test
 * run's SWISSTAX_TEST_DATABASE_URL (src/server/test-helpers.ts gives each test its own database). Read once at
 * module load by the schema index, which picks the table tree from it, so it must not change afterwards.
 */
export function postgresSelected(env: Record<string, string | undefined> = process.env): boolean {
  return !!(env.DATABASE_URL || env.SWISSTAX_TEST_DATABASE_URL)
}
