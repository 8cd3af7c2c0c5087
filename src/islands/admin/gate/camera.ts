/**
 * The gate's camera: the back camera (facingMode environment) into a <video>, read for QR codes a
 * few times a second until stopped. Why a camera cannot start is said in plain words; the typed
 * code field works without one.
 */
import { qrReader } from "./decoder.ts";

/** Frames read per second: enough to feel instant, little enough for a phone's battery. */
const READ_INTERVAL_MS = 120;

export interface CameraRun {
  stop(): void;
}

export class CameraError extends Error {}

function plainReason(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
      return "The camera is not allowed. Allow it in the browser's settings, or type the codes below.";
    case "NotFoundError":
    case "OverconstrainedError":
      return "No camera was found on this device. Type the codes below.";
    case "NotReadableError":
    case "AbortError":
      return "The camera is in use by another app. Close it and start the camera again, or type the codes below.";
    default:
      return "The camera could not start. Type the codes below.";
  }
}

/**
 * Starts the camera into `video` and calls `onCode` with each code read. Throws a CameraError with
 * words for the staff member when there is no camera, it is refused, or the reader cannot load.
 */
export async function startCamera(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<CameraRun> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError("This browser gives no camera to the page. Type the codes below.");
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" } },
      audio: false,
    });
  } catch (error) {
    throw new CameraError(plainReason(error));
  }
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  let reader: Awaited<ReturnType<typeof qrReader>>;
  try {
    video.srcObject = stream;
    [reader] = await Promise.all([qrReader(), video.play()]);
  } catch {
    release();
    throw new CameraError("The code reader could not load. Type the codes below.");
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      try {
        for (const code of await reader.read(video)) if (!stopped) onCode(code);
      } catch {
        // A frame that cannot be read (the stream changing size): the next one will do.
      }
    }
    if (!stopped) timer = setTimeout(tick, READ_INTERVAL_MS);
  };
  void tick();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      release();
    },
  };
}
