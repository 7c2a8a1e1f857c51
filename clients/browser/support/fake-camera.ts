import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/** Pixels per QR module, and the quiet zone around the code in modules. */
const SCALE = 6;
const QUIET = 4;
const [WIDTH, HEIGHT] = [320, 240];
/** Video luma: black and white (studio range). */
const [BLACK, WHITE] = [16, 235];

/**
 * A Y4M video of `text`'s QR code, centred on white, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): a text header, then frames of raw YUV 4:2:0 — the luma plane,
 * then the two quarter-size chroma planes (grey: 128). Chromium plays the frames in a loop.
 */
export function writeQrVideo(path: string, text: string, frames = 2): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET) * SCALE;
  if (side > HEIGHT) throw new Error(`the QR code of ${text} (${side} px) does not fit a ${WIDTH}×${HEIGHT} frame`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  const [left, top] = [Math.floor((WIDTH - side) / 2), Math.floor((HEIGHT - side) / 2)];
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < SCALE; y++) {
        const start = (top + (QUIET + row) * SCALE + y) * WIDTH + left + (QUIET + column) * SCALE;
        luma.fill(BLACK, start, start + SCALE);
      }
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
