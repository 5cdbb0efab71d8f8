// Builds the client (hashed, split bundles), the service worker and the web
// manifest into dist/client, then compiles the server with everything embedded
// into the single executable dist/swisstax.
//   bun build.ts            client + executable
//   bun build.ts --client   client only (development)
//   bun build.ts --dev      client in development mode (debug panel kept)
//   --out DIR               where the client goes (default dist/client)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { generateSW } from 'workbox-build'
import * as sass from 'sass'
import { powerOfAttorneyPdf } from './src/server/advanced/power-of-attorney'
import { CHUNKS } from './src/shared/first-screen'

let OUT = 'dist/client'
const args = process.argv.slice(2)
const dev = args.includes('--dev')

export async function buildClient({ development = false, outDir = 'dist/client' } = {}) {
  OUT = outDir
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(`${OUT}/assets`, { recursive: true })

  const result = await Bun.build({
    entrypoints: ['src/client/start.ts'],
    outdir: `${OUT}/assets`,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: !development && !process.env.NO_MINIFY,
    sourcemap: development ? 'linked' : 'none',
    naming: { entry: '[name]-[hash].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': JSON.stringify(development ? 'development' : 'production') },
  })
  if (!result.success) {
    for (const log of result.logs) console.error(log)
    throw new Error('client build failed')
  }
  const entry = result.outputs.find((o) => o.kind === 'entry-point' && o.path.endsWith('.js'))
  const css = result.outputs.filter((o) => o.path.endsWith('.css'))
  if (!entry) throw new Error('no entry bundle')
  const rel = (p: string) => `/${relative(OUT, p).split(sep).join('/')}`
  // The static imports of a chunk, all of them (imports of imports too).
  const closure = (file: string, into: string[] = []) => {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const path = rel(join(OUT, 'assets', name!))
      if (into.includes(path)) continue
      into.push(path)
      closure(join(OUT, 'assets', name!), into)
    }
    return into
  }
  // The entry's are preloaded from index.html, so a phone fetches them together with the entry instead of one round
  // trip after it. The first screens' lazy chunks and what they import beyond the entry are listed for boot.ts,
  // which preloads the ones of the screen it opens (a chunk's imports would otherwise come one round trip later).
  // The entry (start.ts) starts the first screen's requests and then imports the app (main.tsx): that chunk and its
  // imports are preloaded as well.
  const app = /import\("\.\/([^"]+\.js)"\)/.exec(readFileSync(entry.path, 'utf8'))?.[1]
  if (!app) throw new Error('the entry imports no app chunk')
  const preloads = [
    ...new Set([...closure(entry.path), rel(join(OUT, 'assets', app)), ...closure(join(OUT, 'assets', app))]),
  ]
  const screens: Record<string, string[]> = {}
  for (const name of CHUNKS) {
    const file = result.outputs.find((o) => o.path.split(sep).pop()!.startsWith(`${name}-`))
    if (!file) throw new Error(`no chunk for ${name}`)
    screens[name] = [rel(file.path), ...closure(file.path).filter((p) => !preloads.includes(p))]
  }

  // Pico is compiled by Sass from its sources with the modules the app uses (src/client/styles/pico.scss), and
  // not through Bun's CSS bundler, which lowers its selectors into a file 40 % larger.
  const pico = sass.compile('src/client/styles/pico.scss', {
    style: development ? 'expanded' : 'compressed',
    loadPaths: ['node_modules'],
    quietDeps: true,
  }).css
  // The signed-in screens' CSS is a stylesheet of its own, loaded only once a
  // signed-in route renders (src/client/styles/area-styles.ts).
  const areas = await Bun.build({
    entrypoints: ['src/client/styles/areas.css'],
    outdir: `${OUT}/assets`,
    minify: !development,
    naming: { entry: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
  })
  const areaCss = areas.outputs.find((o) => o.path.endsWith('.css'))
  if (!areas.success || !areaCss) {
    for (const log of areas.logs) console.error(log)
    throw new Error('area CSS build failed')
  }

  const picoPath = `${OUT}/assets/pico-${new Bun.CryptoHasher('sha256').update(pico).digest('hex').slice(0, 8)}.css`
  writeFileSync(picoPath, pico)
  css.unshift({ path: picoPath } as (typeof css)[number])

  // Static files: images, icons, sounds, canton flags, locales.
  for (const dir of ['images', 'icons', 'sounds', 'cantons', 'docs'])
    if (existsSync(`assets/${dir}`)) cpSync(`assets/${dir}`, `${OUT}/${dir}`, { recursive: true })
  cpSync('locales', `${OUT}/locales`, { recursive: true })
  // The spec's static power-of-attorney downloads: blank forms made by the same code as the
  // personal PDF of GET /api/advanced/power-of-attorney.pdf (docs/advanced.md).
  mkdirSync(`${OUT}/docs`, { recursive: true })
  for (const lang of ['en', 'de'] as const) {
    writeFileSync(
      `${OUT}/docs/power-of-attorney-${lang}.pdf`,
      await powerOfAttorneyPdf({ taxYear: null, firm: null }, lang),
    )
  }

  writeFileSync(
    `${OUT}/index.html`,
    `<!doctype html>
<html lang="en" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#c8102e">
<meta name="description" content="SwissTax: prepare your Swiss tax return with our experts.">
<title>SwissTax</title>
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/images/logo.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
<meta name="swisstax:area-css" content="${rel(areaCss.path)}">
<meta name="swisstax:chunks" content='${JSON.stringify(screens)}'>
${css.map((c) => `<link rel="stylesheet" href="${rel(c.path)}">`).join('\n')}
<script type="module" src="${rel(entry.path)}"></script>
${preloads.map((p) => `<link rel="modulepreload" href="${p}">`).join('\n')}
<link rel="preload" href="/images/logo.svg" as="image" type="image/svg+xml">
</head>
<body>
<div id="root"></div>
<noscript>SwissTax needs JavaScript. / SwissTax benötigt JavaScript. / SwissTax nécessite JavaScript.</noscript>
</body>
</html>
`,
  )

  writeFileSync(
    `${OUT}/manifest.webmanifest`,
    JSON.stringify(
      {
        name: 'SwissTax',
        short_name: 'SwissTax',
        description: 'Prepare your Swiss tax return with our experts.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#c8102e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/images/logo.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      null,
      2,
    ),
  )

  // The service worker precaches the app shell only; locales are cached at run
  // time with an expiry, and /api is never cached (docs/client.md).
  await generateSW({
    swDest: `${OUT}/sw.js`,
    globDirectory: OUT,
    globPatterns: ['index.html', 'assets/*.{js,css}', 'images/*.svg', 'icons/*.png', 'manifest.webmanifest'],
    globIgnores: ['**/*.map', '**/*.gz'],
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 1_500_000,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    inlineWorkboxRuntime: true,
    mode: development ? 'development' : 'production',
    sourcemap: false,
    skipWaiting: false, // the page sends SKIP_WAITING (spec part 2 §2)
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/locales/') || url.pathname.startsWith('/cantons/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'swisstax-static', expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 } },
      },
    ],
  })

  // Gzip siblings for text assets, served when the browser accepts gzip.
  for (const file of walk(OUT)) {
    if (/\.(js|css|html|json|svg|webmanifest)$/.test(file) && statSync(file).size > 512)
      writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }))
  }
  return { entry: rel(entry.path), css: css.map((c) => rel(c.path)) }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

/** Writes dist/embedded.gen.ts: one `with { type: 'file' }` import per client file. */
function writeEmbedModule() {
  const files = walk(OUT).filter((f) => !f.endsWith('.map'))
  const lines = files.map(
    (f, i) => `import f${i} from './${relative('dist', f).split(sep).join('/')}' with { type: 'file' }`,
  )
  const entries = files.map((f, i) => `  ['/${relative(OUT, f).split(sep).join('/')}', Bun.file(f${i})],`)
  writeFileSync(
    'dist/embedded.gen.ts',
    `// @ts-nocheck: generated by build.ts (file imports of the built client). Do not edit.
import { assetTable } from '../src/server/static/assets'
${lines.join('\n')}
export function embeddedAssets() {
  return assetTable([
${entries.join('\n')}
  ] as [string, Blob][])
}
`,
  )
}

// Resident memory of the idle server (bench "memory" section): the bytecode a running server
// uses is laid out together (scripts/record-bytecode-order.ts), and start-up code stays in the
// interpreter instead of being JIT-compiled once (main.ts restores the normal policy after listen).
const BYTECODE_ORDER = 'scripts/bytecode.order'
const START_JIT_POLICY = 8

// Identifiers are kept (no --minify-identifiers): a stack trace in the log names the functions
// (`at runJob (swisstax:…)`) instead of `at c5 (swisstax:241:555)`. Cost measured in bench "binary-size".
const MINIFY = process.env.MINIFY_ALL ? ['--minify'] : ['--minify-whitespace', '--minify-syntax']

async function compile() {
  const memory = [
    `--compile-jit-policy=${START_JIT_POLICY}`,
    ...(existsSync(BYTECODE_ORDER) ? [`--bytecode-order=${BYTECODE_ORDER}`] : []),
  ]
  const proc = Bun.spawnSync(
    [
      process.execPath,
      'build',
      '--compile',
      ...MINIFY,
      '--bytecode',
      // Code loaded on first use (PDF, OCR, ZIP, SMTP, PostgreSQL, the other commands) in chunks of its own: in one
      // bundle every function it declares would be created at start, lazy or not (bench "memory": −2.8 MB fresh).
      // Splitting needs ES modules.
      '--splitting',
      '--format=esm',
      ...memory,
      ...(process.env.SOURCEMAP ? ['--sourcemap'] : ['--sourcemap=none']),
      'src/server/main.ts',
      '--outfile',
      'dist/swisstax',
    ],
    { stdout: 'inherit', stderr: 'inherit' },
  )
  if (proc.exitCode !== 0) throw new Error('compile failed')
}

if (import.meta.main) {
  const started = performance.now()
  const outIndex = args.indexOf('--out')
  const client = await buildClient({ development: dev, outDir: outIndex >= 0 ? args[outIndex + 1]! : 'dist/client' })
  console.log(`client: ${client.entry} ${client.css.join(' ')}`)
  if (!args.includes('--client')) {
    writeEmbedModule()
    await compile()
    console.log(`dist/swisstax built in ${Math.round(performance.now() - started)} ms`)
  }
}
