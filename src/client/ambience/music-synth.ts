/**
 * The Vault's background music, synthesised in the browser with the Web Audio API (no recording): a slow pad
 * through four seventh chords, eight seconds each, with a soft sine arpeggio echoing through a filtered delay.
 * Quiet by design (the master gain stays low) and endless: bars are scheduled a few seconds ahead.
 */
const BAR_SECONDS = 8;
const STEP_SECONDS = 0.5;
const LOOKAHEAD_SECONDS = 4;
const VOLUME = 0.05;
const FADE_SECONDS = 2;

/** Fmaj7, Em7, Dm9, Cmaj7 as MIDI notes (a calm descending loop). */
const CHORDS = [
  [53, 57, 60, 64],
  [52, 55, 59, 62],
  [50, 53, 57, 64],
  [48, 52, 55, 59],
];
/** Which chord tone (an octave up) each half-beat of a bar plays; -1 rests. */
const ARPEGGIO = [0, 2, 1, 3, -1, 2, 3, -1, 1, 3, 2, -1, 0, -1, 2, -1];

const frequencyOf = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

export interface MusicSynth {
  /** Starts or resumes, fading in. Call it from a tap or a key press: browsers allow sound only after one. */
  play(): void;
  /** Fades out and suspends the audio (nothing is computed while paused). */
  pause(): void;
}

export function createMusicSynth(context: AudioContext = new AudioContext()): MusicSynth {
  const master = context.createGain();
  master.gain.value = 0;
  master.connect(context.destination);

  // A dark echo: the arpeggio repeats, each time softer and duller.
  const echo = context.createDelay(2);
  echo.delayTime.value = STEP_SECONDS * 1.5;
  const echoFeedback = context.createGain();
  echoFeedback.gain.value = 0.38;
  const echoTone = context.createBiquadFilter();
  echoTone.type = 'lowpass';
  echoTone.frequency.value = 1600;
  echo.connect(echoTone).connect(echoFeedback).connect(echo);
  echoTone.connect(master);

  const padTone = context.createBiquadFilter();
  padTone.type = 'lowpass';
  padTone.frequency.value = 700;
  padTone.Q.value = 0.4;
  padTone.connect(master);

  const padNote = (midi: number, start: number, length: number) => {
    const gain = context.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.18, start + 2.5);
    gain.gain.setValueAtTime(0.18, start + length - 1);
    gain.gain.linearRampToValueAtTime(0, start + length + 2);
    gain.connect(padTone);
    for (const detune of [-7, 7]) {
      const oscillator = context.createOscillator();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequencyOf(midi);
      oscillator.detune.value = detune;
      oscillator.connect(gain);
      oscillator.start(start);
      oscillator.stop(start + length + 2.1);
    }
  };

  const pluck = (midi: number, start: number) => {
    const gain = context.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.12, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.4);
    gain.connect(master);
    gain.connect(echo);
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequencyOf(midi);
    oscillator.connect(gain);
    oscillator.start(start);
    oscillator.stop(start + 1.5);
  };

  let bar = 0;
  let nextBarAt = 0;
  const scheduleBar = (start: number) => {
    const chord = CHORDS[bar % CHORDS.length]!;
    for (const note of chord) padNote(note, start, BAR_SECONDS);
    ARPEGGIO.forEach((tone, step) => {
      // Every other bar leaves a few notes out, so the loop breathes.
      if (tone < 0 || (bar % 2 === 1 && step % 5 === 4)) return;
      pluck(chord[tone]! + 12, start + step * STEP_SECONDS);
    });
    bar += 1;
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const schedule = () => {
    // While suspended, currentTime stands still, so nothing piles up.
    while (nextBarAt < context.currentTime + LOOKAHEAD_SECONDS) {
      nextBarAt = Math.max(nextBarAt, context.currentTime + 0.1);
      scheduleBar(nextBarAt);
      nextBarAt += BAR_SECONDS;
    }
  };

  const fadeTo = (value: number) => {
    const now = context.currentTime;
    master.gain.cancelScheduledValues(now);
    master.gain.setValueAtTime(master.gain.value, now);
    master.gain.linearRampToValueAtTime(value, now + FADE_SECONDS);
  };

  let playing = false;
  return {
    play() {
      if (playing) return;
      playing = true;
      void context.resume();
      fadeTo(VOLUME);
      schedule();
      timer ??= setInterval(schedule, 1000);
    },
    pause() {
      if (!playing) return;
      playing = false;
      fadeTo(0);
      clearInterval(timer);
      timer = undefined;
      const stoppedAt = context.currentTime + FADE_SECONDS;
      // Suspend once faded out, unless played again meanwhile.
      setTimeout(() => {
        if (!playing && context.currentTime >= stoppedAt - 0.05) void context.suspend();
      }, FADE_SECONDS * 1000);
    },
  };
}
