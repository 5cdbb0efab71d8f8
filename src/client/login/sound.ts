/**
 * The login sounds (spec part 1 §2): fetched from GET /api/audio/{file}; on failure
 * the next file is tried, then a plain audio element. Playback at volume 0.7; a
 * refused play is retried muted, then again after 300 ms; a second failure marks
 * the sound as blocked. Audio failures are only logged.
 */
export const SOUND_VOLUME = 0.7
export const SOUND_RETRY_MS = 300

const urlCache = new Map<string, Promise<string>>()

async function soundUrl(files: string[]): Promise<string> {
  const key = files.join('|')
  let url = urlCache.get(key)
  if (!url) {
    url = (async () => {
      for (const file of files) {
        try {
          const r = await fetch(`/api/audio/${file}`)
          if (r.ok) return URL.createObjectURL(await r.blob())
        } catch (err) {
          console.warn('sound fetch failed', file, err)
        }
      }
      return `/sounds/${files[0]}`
    })()
    urlCache.set(key, url)
  }
  return url
}

const SOUNDS_KEY = 'swisstax:sounds'

/** Sounds are off until the person turns them on (the control on the login screen); the choice is remembered. */
export function soundsEnabled(): boolean {
  try {
    return localStorage.getItem(SOUNDS_KEY) === 'on'
  } catch {
    return false
  }
}
export function setSoundsEnabled(on: boolean) {
  try {
    localStorage.setItem(SOUNDS_KEY, on ? 'on' : 'off')
  } catch {
    /* private mode: stays off next time */
  }
}

/** Plays a sound when sounds are on; resolves to false when the browser blocked it twice. */
export async function playSound(files: string[]): Promise<boolean> {
  if (!soundsEnabled()) return true
  try {
    const audio = new Audio(await soundUrl(files))
    audio.volume = SOUND_VOLUME
    try {
      await audio.play()
      return true
    } catch {
      audio.muted = true
      try {
        await audio.play()
        return true
      } catch {
        await new Promise((r) => setTimeout(r, SOUND_RETRY_MS))
        try {
          audio.muted = false
          await audio.play()
          return true
        } catch (err) {
          console.warn('sound blocked', err)
          return false
        }
      }
    }
  } catch (err) {
    console.warn('sound failed', err)
    return false
  }
}

export const INTRO_SOUND = ['intro.wav', 'chime.wav']
export const FOCUS_SOUND = ['focus.wav', 'chime.wav']
