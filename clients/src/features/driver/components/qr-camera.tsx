import { useEffect, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The browser's own QR reader (Chromium on Android and macOS has one; Chromium on Linux does not). */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => NativeDetector;

const nativeDetector = (): DetectorClass | null => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/** How often the browser's own reader looks at the picture. */
const NATIVE_PERIOD_MS = 250;

/**
 * The phone's back camera, read for a QR code (issue #34 item 2): with the browser's BarcodeDetector
 * where it has one, else ZXing (loaded only then). Calls `onCode` once with the first code read, then
 * lets go of the camera. Mounted only while scanning.
 */
export function QrCamera({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation();
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopReader: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const found = (text: string) => {
      if (stopped) return;
      stopped = true;
      latest.current(text);
    };

    async function start() {
      const element = video.current;
      if (!element) return;
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped) return;
      const Detector = nativeDetector();
      if (Detector) {
        element.srcObject = stream;
        await element.play();
        const detector = new Detector({ formats: ['qr_code'] });
        const look = async () => {
          if (stopped) return;
          const codes = await detector.detect(element).catch(() => []);
          if (codes[0]) found(codes[0].rawValue);
          else timer = setTimeout(() => void look(), NATIVE_PERIOD_MS);
        };
        void look();
        return;
      }
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      if (stopped) return;
      const controls = await new BrowserQRCodeReader().decodeFromStream(stream, element, (result) => {
        if (result) found(result.getText());
      });
      stopReader = () => controls.stop();
      if (stopped) stopReader();
    }

    start().catch(() => {
      if (!stopped) setFailed(true);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopReader?.();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <Alert severity="warning">{t('driver.scan.cameraRefused')}</Alert>;
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label={t('driver.scan.cameraPicture')}
      data-testid="qr-camera"
      style={{ width: '100%', maxHeight: 280, background: '#212121', borderRadius: 4, objectFit: 'cover' }}
    />
  );
}
