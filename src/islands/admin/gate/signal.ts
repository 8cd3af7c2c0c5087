/**
 * A scan's answer heard and felt, not only seen: a short high tone for green, a low double tone
 * for amber and red (WebAudio, no sound files), and a vibration where the device has one. The
 * AudioContext is made on a tap (start the camera, check a code), as browsers allow sound only
 * after one.
 */
import type { GateScanView } from "../../../lib/api/admin/schemas.ts";

let audio: AudioContext | null = null;

/** Call from a user gesture: makes (or wakes) the audio context the tones play on. */
export function unlockSound(): void {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === "suspended") void audio.resume();
  } catch {
    audio = null;
  }
}

function tone(ctx: AudioContext, frequency: number, startAt: number, seconds: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "sine";
  osc.frequency.value = frequency;
  // A short ramp in and out: no click at either end.
  gain.gain.setValueAtTime(0.0001, startAt);
  gain.gain.exponentialRampToValueAtTime(0.3, startAt + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, startAt + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(startAt);
  osc.stop(startAt + seconds + 0.02);
}

export function signal(light: GateScanView["light"]): void {
  if (audio && audio.state === "running") {
    const t = audio.currentTime;
    if (light === "green") tone(audio, 1320, t, 0.15);
    else {
      tone(audio, 330, t, 0.14);
      tone(audio, 330, t + 0.2, 0.14);
    }
  }
  if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function") {
    navigator.vibrate(light === "green" ? 80 : [120, 80, 120]);
  }
}
