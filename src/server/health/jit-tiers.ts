/**
 * The served executable runs JavaScriptCore without its top tier, the FTL JIT (bench "memory", issue 28). A request
 * handler is short: the lower tiers (baseline, DFG) serve it at the same CPU cost, while the FTL's compiler touches
 * about 2 MB more of the executable's machine code and keeps its own output and working memory, all of which stays
 * resident after a burst. JavaScriptCore reads its options from the environment before any JavaScript runs, so the
 * server sets the variable and starts itself again in the same process (execve: the same PID, before it has opened
 * anything). An operator's own `BUN_JSC_useFTLJIT` (`1` brings the tier back) is kept as set. Source runs
 * (development, the tests) keep the runtime's defaults; recognition workers get an environment of their own
 * (recognition/pool.ts) and keep the tier.
 */
export const TOP_TIER_SETTING = 'BUN_JSC_useFTLJIT'

/** Whether this process is the built executable (its entry point lives in Bun's embedded file system). */
const isBuiltExecutable = () => process.argv[1]?.startsWith('/$bunfs/') === true

/** Starts the server again without the top tier when nobody chose otherwise; returns only when it does not. */
export function restartWithoutTopTier(): void {
  if (process.env[TOP_TIER_SETTING] !== undefined || !isBuiltExecutable() || !process.execve) return
  process.execve(process.execPath, [process.execPath, ...process.argv.slice(2)], {
    ...process.env,
    [TOP_TIER_SETTING]: '0',
  })
}
