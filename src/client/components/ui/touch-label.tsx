import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** How long a finger rests on an icon before its name shows. */
const LONG_PRESS_MS = 450;
/** How long the name stays after the finger lifts. */
const SHOWN_MS = 1600;

/**
 * An icon control's name for touch screens, where `title` tooltips never show: a long press shows `label` in a
 * bubble under the control (and does not activate it); a tap works as before. Mouse and keyboard users get the
 * control's own `title` and accessible name.
 */
export function TouchLabel({ label, children }: { label: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressed = useRef(false);
  const id = useId();

  useEffect(
    () => () => {
      clearTimeout(pressTimer.current);
      clearTimeout(hideTimer.current);
    },
    [],
  );

  const cancelPress = () => clearTimeout(pressTimer.current);
  return (
    <span
      className="relative inline-flex [-webkit-touch-callout:none]"
      onPointerDownCapture={(event) => {
        if (event.pointerType !== 'touch') return;
        pressed.current = false;
        cancelPress();
        pressTimer.current = setTimeout(() => {
          pressed.current = true;
          clearTimeout(hideTimer.current);
          setShown(true);
        }, LONG_PRESS_MS);
      }}
      onPointerUpCapture={() => {
        cancelPress();
        if (pressed.current) hideTimer.current = setTimeout(() => setShown(false), SHOWN_MS);
      }}
      onPointerCancelCapture={cancelPress}
      onPointerLeave={cancelPress}
      // A long press names the control; it does not open it, nor the browser's link menu.
      onClickCapture={(event) => {
        if (!pressed.current) return;
        pressed.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
      onContextMenu={(event) => {
        if (pressed.current) event.preventDefault();
      }}
    >
      {children}
      {shown && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute top-full left-1/2 z-50 mt-1.5 -translate-x-1/2 animate-fade-in rounded-lg border border-border bg-surface-raised px-2.5 py-1 text-sm font-medium whitespace-nowrap text-text shadow-lg"
        >
          {label}
        </span>
      )}
    </span>
  );
}
