// Synthesises the login sounds into assets/sounds (run once; the WAVs are committed).
import { writeFileSync } from 'node:fs'

const RATE = 22050

function wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2)
  for (const [i, s] of samples.entries()) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + data.length, 4)
  h.write('WAVE', 8)
  h.write('fmt ', 12)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(RATE, 24)
  h.writeUInt32LE(RATE * 2, 28)
  h.writeUInt16LE(2, 32)
  h.writeUInt16LE(16, 34)
  h.write('data', 36)
  h.writeUInt32LE(data.length, 40)
  return Buffer.concat([h, data])
}

/** A bell-like tone: a few harmonics with an exponential decay. */
function tones(notes: { f: number; at: number; len: number; gain: number }[], total: number) {
  const out = new Float32Array(Math.round(total * RATE))
  for (const n of notes) {
    const start = Math.round(n.at * RATE)
    for (let i = 0; i < n.len * RATE && start + i < out.length; i++) {
      const t = i / RATE
      const env = Math.min(1, t / 0.005) * Math.exp(-t * 4.5)
      const v =
        Math.sin(2 * Math.PI * n.f * t) +
        0.35 * Math.sin(2 * Math.PI * n.f * 2 * t) +
        0.12 * Math.sin(2 * Math.PI * n.f * 3.01 * t)
      out[start + i]! += v * env * n.gain
    }
  }
  return out
}

writeFileSync(
  'assets/sounds/intro.wav',
  wav(
    tones(
      [
        { f: 659.25, at: 0, len: 1.2, gain: 0.22 },
        { f: 783.99, at: 0.16, len: 1.2, gain: 0.2 },
        { f: 1046.5, at: 0.32, len: 1.3, gain: 0.2 },
      ],
      1.6,
    ),
  ),
)
writeFileSync('assets/sounds/chime.wav', wav(tones([{ f: 880, at: 0, len: 0.8, gain: 0.3 }], 0.8)))
writeFileSync('assets/sounds/focus.wav', wav(tones([{ f: 1318.5, at: 0, len: 0.12, gain: 0.18 }], 0.15)))
console.log('sounds written')
