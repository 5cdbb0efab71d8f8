// The PostgreSQL backend's placeholder numbering (src/server/infra/backend/postgres.ts): raw SQL is written with
// SQLite's `?` and `?N`, and must mean the same values on PostgreSQL. Pure text: runs without a database.
import { expect, test } from 'bun:test'
import { numberPlaceholders } from './postgres'

test('? and ?N become $n in order; quoted text, quoted names and comments keep theirs', () => {
  expect(numberPlaceholders('SELECT ? AS a, ? AS b', [1, 'x'])).toEqual({
    text: 'SELECT $1 AS a, $2 AS b',
    values: [1, 'x'],
  })
  const q = numberPlaceholders(`SELECT '?', 'it''s ?', "odd?name" FROM t -- why?\nWHERE a = ? AND b = ?`, [1, 2])
  expect(q).toEqual({
    text: `SELECT '?', 'it''s ?', "odd?name" FROM t -- why?\nWHERE a = $1 AND b = $2`,
    values: [1, 2],
  })
  // One value named twice is bound once.
  expect(numberPlaceholders('VALUES (?1, ?2) ON CONFLICT DO UPDATE SET x = ?2 - y, z = ?3', ['k', 5, 9])).toEqual({
    text: 'VALUES ($1, $2) ON CONFLICT DO UPDATE SET x = $2 - y, z = $3',
    values: ['k', 5, 9],
  })
  expect(numberPlaceholders('SELECT ?2, ?1', ['a', 'b'])).toEqual({ text: 'SELECT $1, $2', values: ['b', 'a'] })
})

test('a value cast to json is bound as its text (Bun would encode a string bound as json once more)', () => {
  expect(numberPlaceholders('SELECT json_array_elements_text(?::json), ?::jsonb, ?::int', ['[1]', '{}', 1]).text).toBe(
    'SELECT json_array_elements_text($1::text::json), $2::text::jsonb, $3::int',
  )
})
