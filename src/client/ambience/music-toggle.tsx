import { Volume2, VolumeX } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { backgroundMusic } from './background-music';

/** Whether the member wants the music on (the toggle's state), and how to change it. */
export function useMusicChoice() {
  const { on } = useSyncExternalStore(backgroundMusic.subscribe, backgroundMusic.getState);
  return { on, setOn: (next: boolean) => backgroundMusic.setOn(next) };
}

/**
 * The mute control, on every screen. `floating`: a 44 px button in the bottom-left corner, above the stars, for
 * the public pages (the welcome page's age tap starts the music); on signed-in screens it hides and the header
 * holds the control instead (styles.css), because a floating button would cover the pages' own controls.
 */
export function MusicToggle({ floating = false, className }: { floating?: boolean; className?: string }) {
  const { on, setOn } = useMusicChoice();
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      data-music-toggle
      data-music-toggle-floating={floating || undefined}
      aria-pressed={on}
      aria-label="Background music"
      title={on ? 'Mute the music' : 'Play the music'}
      onClick={() => setOn(!on)}
      className={
        floating
          ? 'fixed bottom-[calc(env(safe-area-inset-bottom)+0.75rem)] left-3 z-40 inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface/90 text-text-muted shadow-lg shadow-background transition-colors duration-150 hover:bg-surface-raised hover:text-text'
          : className
      }
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
