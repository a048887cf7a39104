/**
 * Reads a QR code from pixels (issue 32): the browser's own BarcodeDetector where it has one (Android's
 * and Apple's Chrome, Safari 17+), otherwise the small pure-JavaScript decoder jsQR, loaded only when
 * it is first needed (docs/decisions/0026-offline-door-check-in.md). Used by the door's ticket scanner
 * on camera frames and photos.
 */

/** The browser's Barcode Detection API, where it exists (not in TypeScript's DOM library yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageData): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

let native: Promise<BarcodeDetectorLike | undefined> | undefined;

/** A QR BarcodeDetector when the browser has one that reads QR codes. */
export function nativeQrDetector(): Promise<BarcodeDetectorLike | undefined> {
  native ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return undefined;
    try {
      return (await Detector.getSupportedFormats()).includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : undefined;
    } catch {
      return undefined;
    }
  })();
  return native;
}

/** Loads the JavaScript decoder ahead of need (the door page does so when idle, so a phone offline still has it). */
export function loadJsDecoder() {
  return import("jsqr").then((module) => module.default);
}

/** The text of the QR code in these RGBA pixels, read by jsQR; undefined when it finds none. */
export async function decodeQrPixels(pixels: { data: Uint8ClampedArray; width: number; height: number }): Promise<string | undefined> {
  const jsQR = await loadJsDecoder();
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" })?.data ?? undefined;
}

/** The text of the QR code in a video frame or a picture, by whichever decoder the browser offers. */
export async function decodeQrImage(source: HTMLVideoElement | ImageBitmap, width: number, height: number): Promise<string | undefined> {
  const detector = await nativeQrDetector();
  if (detector) return (await detector.detect(source))[0]?.rawValue;
  // Large photos are scaled down first: jsQR's time grows with the pixels, and a ticket fills much of the frame.
  const scale = Math.min(1, 1280 / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return decodeQrPixels(context.getImageData(0, 0, canvas.width, canvas.height));
}
