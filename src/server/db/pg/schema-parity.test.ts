// The two table trees (src/server/db/schema for SQLite, src/server/db/pg/schema for PostgreSQL) describe one
// database: the same export names, tables, columns, types (as the dialects spell them), nullability, defaults,
// primary keys, uniques, foreign keys and indexes (by name and columns). One query code base runs on both
// (docs/storage.md "PostgreSQL"), so a column or index added to one tree only fails here.
import { expect, test } from 'bun:test'
import { Column, is, SQL } from 'drizzle-orm'
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core'
import * as sqliteTree from '../schema/tables'
import * as selected from '../schema'
import * as pgTree from './schema'

type AnyConfig = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>
type AnyColumn = AnyConfig['columns'][number]

/** The SQLite column type each PostgreSQL type stands for (integers of any width, booleans stored as 0/1). */
const KIND: Record<string, string> = {
  SQLiteInteger: 'integer',
  SQLiteBoolean: 'boolean',
  SQLiteReal: 'real',
  SQLiteText: 'text',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  PgSerial: 'integer',
  PgBoolean: 'boolean',
  PgDoublePrecision: 'real',
  PgText: 'text',
}

/** The columns an index expression names, in order (COLLATE NOCASE and lower() are the dialects' case folding). */
function indexed(parts: readonly unknown[]): string[] {
  return parts.flatMap((p) => {
    if (is(p, Column)) return [p.name]
    if (is(p, SQL))
      return [`expr(${p.queryChunks.flatMap((c) => (is(c, Column) ? [(c as Column).name] : [])).join(',')})`]
    // PostgreSQL's index builder wraps a column (IndexedColumn: its name, order and operator class).
    const name = (p as { name?: unknown }).name
    return [typeof name === 'string' ? name : '?']
  })
}

function describeColumn(c: AnyColumn) {
  const kind = KIND[c.columnType] ?? c.columnType
  // The declared default (an SQL expression compared as present); SQLite's implicit one of an integer key is not.
  const dflt = c.default === undefined ? null : is(c.default, SQL) ? 'sql' : c.default
  const identity = (c as { generatedIdentity?: unknown }).generatedIdentity !== undefined
  return {
    kind,
    notNull: c.notNull,
    default: dflt,
    primary: c.primary,
    unique: c.isUnique,
    // SQLite's autoIncrement and PostgreSQL's identity both number new rows.
    autoIncrement: (c as { autoIncrement?: boolean }).autoIncrement === true || identity,
    enum: (c as { enumValues?: string[] }).enumValues ?? null,
  }
}

function describeTable(config: AnyConfig) {
  return {
    columns: Object.fromEntries(config.columns.map((c) => [c.name, describeColumn(c)])),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    uniques: config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const r = fk.reference()
        const to = `${getName(r.foreignTable)}(${r.foreignColumns.map((c) => c.name)})`
        return `${r.columns.map((c) => c.name)} → ${to} ${fk.onDelete ?? ''}`
      })
      .sort(),
    indexes: Object.fromEntries(
      config.indexes.map((i) => [i.config.name, { columns: indexed(i.config.columns), unique: i.config.unique }]),
    ),
  }
}

const getName = (t: unknown) => (is(t, PgTable) ? pgConfig(t).name : sqliteConfig(t as SQLiteTable).name)

/** Every table of a tree by its SQL name. */
function tablesOf(tree: Record<string, unknown>, dialect: 'sqlite' | 'pg') {
  const out: Record<string, ReturnType<typeof describeTable>> = {}
  for (const value of Object.values(tree)) {
    if (dialect === 'sqlite' && is(value, SQLiteTable))
      out[sqliteConfig(value).name] = describeTable(sqliteConfig(value))
    if (dialect === 'pg' && is(value, PgTable)) out[pgConfig(value).name] = describeTable(pgConfig(value))
  }
  return out
}

test('both trees export the same names, and the schema index exports every one of them', () => {
  const names = Object.keys(sqliteTree).sort()
  expect(Object.keys(pgTree).sort()).toEqual(names)
  expect(Object.keys(selected).sort()).toEqual(names)
})

test('both trees have the same tables, columns, keys and indexes', () => {
  const sqlite = tablesOf(sqliteTree, 'sqlite')
  const pg = tablesOf(pgTree, 'pg')
  expect(Object.keys(sqlite).length).toBeGreaterThan(20)
  expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort())
  for (const name of Object.keys(sqlite))
    expect({ table: name, ...pg[name] }).toEqual({ table: name, ...sqlite[name]! })
})
