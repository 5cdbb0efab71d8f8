import { describe, expect, test } from 'bun:test'
import { idleCollector, releaseIdleMemory } from './idle-gc'

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

test('releaseIdleMemory deletes the compiled code of a function that ran hot', async () => {
  const { numberOfDFGCompiles } = await import('bun:jsc')
  const hot = (x: number) => {
    let sum = 0
    for (let i = 0; i < 100; i++) sum += i * x
    return sum
  }
  // Called until the optimising compiler (on its own thread) has compiled it, for up to 10 s on a busy machine.
  for (let i = 0, until = Date.now() + 10_000; numberOfDFGCompiles(hot) === 0 && Date.now() < until; i++) {
    hot(i)
    if (i % 10_000 === 0) await Bun.sleep(0)
  }
  expect(numberOfDFGCompiles(hot)).toBeGreaterThan(0)
  releaseIdleMemory()
  await Bun.sleep(10) // Bun.shrink's work runs once the current task has ended
  expect(numberOfDFGCompiles(hot)).toBe(0)
})
