import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../ui/dialog'
import { toast } from '../ui/toast'

/** Camera capture of spec part 1 §9: 1280x720, rear camera, JPEG named camera-capture-{timestamp}.jpg. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: { ideal: 'environment' } },
  audio: false,
}

export function CameraDialog({
  open,
  onClose,
  onCapture,
}: {
  open: boolean
  onClose: () => void
  onCapture: (file: File) => void
}) {
  const { t } = useTranslation('documents')
  const video = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)

  useEffect(() => {
    if (!open) return
    let active: MediaStream | null = null
    let cancelled = false
    const fail = (err: unknown) => {
      toast({ title: t('camera.error_title'), description: t('camera.error'), variant: 'destructive' })
      // A permission error closes the camera (spec part 1 §8).
      // getUserMedia refuses with a DOMException (an Error in every browser the app supports).
      const name = err instanceof Error ? err.name : undefined
      if (!name || name === 'NotAllowedError' || name === 'SecurityError' || name === 'NotFoundError') onClose()
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      fail(new DOMException('no camera', 'NotFoundError'))
      return
    }
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then((s) => {
      if (cancelled) {
        for (const tr of s.getTracks()) tr.stop()
        return
      }
      active = s
      setStream(s)
      if (video.current) {
        video.current.srcObject = s
        void video.current.play().catch(() => {})
      }
    }, fail)
    return () => {
      cancelled = true
      for (const tr of active?.getTracks() ?? []) tr.stop()
      setStream(null)
    }
  }, [open, onClose, t])

  const capture = () => {
    const v = video.current
    if (!v?.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    canvas.getContext('2d')!.drawImage(v, 0, 0)
    canvas.toBlob(
      (blob) => {
        if (!blob) return
        onCapture(new File([blob], `camera-capture-${Date.now()}.jpg`, { type: 'image/jpeg' }))
      },
      'image/jpeg',
      0.92,
    )
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('camera.title')}
      labelledBy="camera-title"
      className="camera-dialog"
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {t('camera.close')}
          </button>
          <button type="button" onClick={capture} disabled={!stream}>
            {t('camera.capture')}
          </button>
        </>
      }
    >
      <video ref={video} className="camera-preview" playsInline muted autoPlay aria-label={t('camera.title')} />
    </Dialog>
  )
}
