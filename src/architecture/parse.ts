// Parses source files with the TypeScript compiler itself (TypeScript 7's API: the Go compiler
// started as a child process, its syntax trees handed back to JavaScript), so that the
// architecture test reads code as the compiler does instead of matching text.
import { join, resolve } from 'node:path'
import { API } from 'typescript/unstable/async'
import type { SourceFile } from 'typescript/unstable/ast'

/**
 * Syntax trees of `files` (paths relative to `root`), by the same relative path. Only parsing:
 * no library, no type resolution, so a few hundred files take about a second.
 */
export async function parseFiles(root: string, files: readonly string[]): Promise<Map<string, SourceFile>> {
  const base = resolve(root)
  // The project exists only in memory: the compiler asks for it through the file-system callback,
  // and for every other path it reads the disk (undefined: fall back to the real file system).
  const config = join(base, '.architecture-tsconfig.json')
  const configText = JSON.stringify({
    compilerOptions: { noLib: true, noResolve: true, types: [], noEmit: true, jsx: 'react-jsx', allowJs: false },
    files: files.map((f) => join(base, f)),
  })
  const api = new API({
    cwd: base,
    fs: {
      readFile: (path) => (path === config ? configText : undefined),
      fileExists: (path) => (path === config ? true : undefined),
    },
  })
  try {
    const snapshot = await api.updateSnapshot({ openProjects: [config] })
    const project = snapshot.getProject(config)
    if (!project) throw new Error('the compiler did not open the in-memory project')
    const trees = await Promise.all(files.map((f) => project.program.getSourceFile(join(base, f))))
    const out = new Map<string, SourceFile>()
    files.forEach((f, i) => {
      const tree = trees[i]
      if (!tree) throw new Error(`the compiler did not parse ${f}`)
      out.set(f, tree)
    })
    return out
  } finally {
    await api.close()
  }
}
