import { describe, expect, test } from 'bun:test'
import { idleCollector } from './idle-gc'

describe('idle collection (health/idle-gc.ts)', () => {
  const setup = () => {
    const state = { handled: 0, at: 0, collected: 0 }
    const collector = idleCollector({
      handled: () => state.handled,
      collect: () => state.collected++,
      now: () => state.at,
      minGapMs: 30_000,
    })
    return { state, collector }
  }

  test('collects once, on the first quiet tick after requests', () => {
    const { state, collector } = setup()
    expect(collector.tick()).toBe(false) // nothing happened yet: an idle server from its start is not collected
    state.handled = 500
    state.at = 2_000
    expect(collector.tick()).toBe(false) // requests in this tick: still busy
    state.at = 4_000
    expect(collector.tick()).toBe(true)
    state.at = 6_000
    expect(collector.tick()).toBe(false) // still quiet: once is enough
    expect(state.collected).toBe(1)
  })

  test('never while requests keep coming', () => {
    const { state, collector } = setup()
    for (let i = 1; i <= 50; i++) {
      state.handled += 10
      state.at = i * 2_000
      expect(collector.tick()).toBe(false)
    }
    expect(state.collected).toBe(0)
  })

  test('at most once per gap, however many short bursts', () => {
    const { state, collector } = setup()
    for (let i = 0; i < 20; i++) {
      state.at = i * 4_000
      state.handled++
      collector.tick() // a request in this tick
      state.at += 2_000
      collector.tick() // quiet
    }
    // 80 s of bursts four seconds apart: collected at 2 s, 34 s and 66 s, not twenty times.
    expect(state.collected).toBe(3)
  })
})
