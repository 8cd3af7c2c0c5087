/**
 * The gate's QR reader, loaded on the gate page only and only when the camera starts: the
 * browser's own BarcodeDetector where it reads QR codes (Android Chrome, Safari 17+ on macOS),
 * else the `barcode-detector` ponyfill over zxing-wasm (iOS Safari, desktop Chromium, Firefox).
 * The ponyfill's WASM is a file of our own build (Vite's `?url`), never its default CDN: the gate
 * must work on a venue's network, and offline later.
 */

/** What the gate needs of a detector: the QR codes in a video frame. */
export interface QrReader {
  read(source: HTMLVideoElement): Promise<string[]>;
}

interface DetectedLike {
  rawValue: string;
}
interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedLike[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

function readerOf(detector: DetectorLike): QrReader {
  return {
    async read(source) {
      const found = await detector.detect(source);
      return found.map((x) => x.rawValue).filter((x) => x.trim() !== "");
    },
  };
}

async function nativeReader(): Promise<QrReader | null> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    if (!(await native.getSupportedFormats()).includes("qr_code")) return null;
    return readerOf(new native({ formats: ["qr_code"] }));
  } catch {
    return null;
  }
}

async function ponyfillReader(): Promise<QrReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  // Compiled now, not at the first frame: a WASM that cannot load fails the camera's start.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return readerOf(new BarcodeDetector({ formats: ["qr_code"] }));
}

let loading: Promise<QrReader> | undefined;

/** The page's one reader, loaded on first use. */
export function qrReader(): Promise<QrReader> {
  loading ??= nativeReader().then((native) => native ?? ponyfillReader());
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
