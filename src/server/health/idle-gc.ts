/**
 * One full garbage collection when a burst of requests has ended: the first tick without a request after one with
 * requests collects, at most once per `minGapMs`. A burst leaves its garbage (request objects, answers, the JIT's
 * profiling) in the JavaScript heap until the engine decides to collect, which an idle process seldom does, so the
 * idle server kept it (bench "memory": idle after use). A server that keeps answering never collects here.
 */
export function idleCollector({
  handled,
  collect = releaseIdleMemory,
  now = Date.now,
  minGapMs = 30_000,
}: {
  /** Requests answered so far (a counter that only grows). */
  handled: () => number
  collect?: () => void
  now?: () => number
  minGapMs?: number
}) {
  let seen = handled()
  let busy = false
  let lastCollect = -Infinity
  return {
    /** Called every few seconds: true when it collected. */
    tick(): boolean {
      const count = handled()
      if (count !== seen) {
        seen = count
        busy = true
        return false
      }
      if (!busy || now() - lastCollect < minGapMs) return false
      busy = false
      lastCollect = now()
      collect()
      return true
    },
  }
}

/**
 * Gives back what an idle server holds for nothing: JavaScriptCore deletes the compiled code of every function not
 * running (the JIT's machine code and the bytecode of the burst or of the start; a next call compiles it again, from
 * the executable's bytecode), collects the whole heap and returns freed allocator memory (`Bun.shrink`: the VM's
 * `shrinkFootprintWhenIdle`, done once the current task ends); then one more full collection now. Bench "memory":
 * about 1.5 MB less on a fresh server, 3 MB less after a burst; the first requests after it take a few milliseconds
 * longer while their code is compiled again.
 */
export function releaseIdleMemory() {
  // Marked deprecated in Bun's types, without a replacement; idle-gc.test.ts fails if it stops deleting code.
  Bun.shrink()
  Bun.gc(true)
}

/** How often the server looks whether its requests stopped. */
export const IDLE_TICK_MS = 2_000

/** Starts the idle collection of a running server; the timer does not keep the process alive. */
export function collectWhenIdle(handled: () => number) {
  const collector = idleCollector({ handled })
  setInterval(() => collector.tick(), IDLE_TICK_MS).unref()
}
