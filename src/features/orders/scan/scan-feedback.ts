/** The short beep and buzz of a counted scan, and a lower, longer one when a scan is refused. */
let audio: AudioContext | null = null;

function beep(frequency: number, seconds: number): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + seconds);
  } catch {
    // No audio output (or none allowed yet): the highlight and the spoken status still tell.
  }
}

export function feedbackCounted(): void {
  beep(1760, 0.08);
  navigator.vibrate?.(60);
}

export function feedbackRefused(): void {
  beep(330, 0.25);
  navigator.vibrate?.([80, 60, 80]);
}
