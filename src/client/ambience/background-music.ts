import { createMusicSynth, type MusicSynth } from './music-synth';

/**
 * Whether the background music plays, remembered per device (ARCHITECTURE.md departure 1: the sound preference).
 * Without a stored choice it is on, except under `prefers-reduced-motion`, where it waits to be turned on by hand.
 * It never starts before the visitor's first tap or key press (the age confirmation, for a new visitor), and it
 * pauses while the tab is hidden.
 */
export const MUSIC_KEY = 'vault.music';

export interface MusicState {
  /** The member's choice (or the default): the toggle shows it. */
  on: boolean;
  /** Sound is actually coming out: on, after the first tap, and the tab visible. */
  playing: boolean;
}

const listeners = new Set<() => void>();
let state: MusicState = { on: storedChoice() ?? !reducedMotion(), playing: false };
let synth: MusicSynth | undefined;
let tapped = false;

function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function storedChoice(): boolean | undefined {
  try {
    const value = localStorage.getItem(MUSIC_KEY);
    return value === 'on' ? true : value === 'off' ? false : undefined;
  } catch {
    return undefined;
  }
}

function update() {
  const shouldPlay = state.on && tapped && document.visibilityState === 'visible';
  if (shouldPlay) (synth ??= createMusicSynth()).play();
  else synth?.pause();
  if (shouldPlay !== state.playing) state = { ...state, playing: shouldPlay };
  listeners.forEach((listener) => listener());
}

export const backgroundMusic = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState: () => state,
  /** The toggle: a tap itself, so the music may start at once. */
  setOn(on: boolean) {
    try {
      localStorage.setItem(MUSIC_KEY, on ? 'on' : 'off');
    } catch {
      /* storage switched off: the choice lasts until the page closes */
    }
    state = { ...state, on };
    tapped = true;
    update();
  },
  /** Waits for the first tap or key press anywhere, and follows the tab's visibility. */
  start({ ignore }: { ignore: (target: EventTarget | null) => boolean }) {
    const onFirstGesture = (event: Event) => {
      // A tap on the toggle itself is handled by setOn.
      if (ignore(event.target)) return;
      document.removeEventListener('click', onFirstGesture, true);
      document.removeEventListener('keydown', onFirstGesture, true);
      tapped = true;
      update();
    };
    document.addEventListener('click', onFirstGesture, true);
    document.addEventListener('keydown', onFirstGesture, true);
    document.addEventListener('visibilitychange', update);
  },
};
