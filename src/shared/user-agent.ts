/**
 * A readable device name from a User-Agent, for the profile's session list:
 * browser and system, e.g. "Firefox on Windows". Deliberately coarse: the aim is
 * to recognise one's own devices, not to fingerprint them.
 */
export function deviceOf(userAgent: string | null | undefined): { browser: string; os: string } {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? /HeadlessChrome/.test(ua)
            ? 'Chrome (headless)'
            : 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : /curl\//.test(ua)
              ? 'curl'
              : ''
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : ''
  return { browser, os }
}
