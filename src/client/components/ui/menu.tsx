import {
  useEffect,
  useState,
  type ButtonHTMLAttributes,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { DropdownMenu } from 'radix-ui';
import { toast } from '~/client/lib/toast';
import { onDemandModule } from '~/client/lib/on-demand';

/**
 * Dropdown menus whose code loads on demand. Radix's menu and its positioning (floating-ui) are about 20 kB gzip
 * that no page needs to show itself, so until a menu is first opened its trigger is a plain button with the same
 * name and face. The code is fetched once the page has settled (whenSettled; or when a pointer or focus
 * reaches a trigger), so a tap opens the menu at once; a tap before it is in opens the menu as soon as it is.
 * Only menu-parts.ts imports Radix's menu (eslint.config.js).
 */
type Parts = typeof DropdownMenu;

const radixMenu = onDemandModule(() => import('./menu-parts').then((module) => module.DropdownMenu));

export interface MenuProps {
  /** The trigger button's props (its name, class and face): the same before and after the menu's code is in. */
  trigger: ButtonHTMLAttributes<HTMLButtonElement>;
  /** Which edge of the trigger the panel lines up with. */
  align: 'start' | 'end';
  /** The panel's width ("min-w-48"). */
  className: string;
  /** The gap between the trigger and the panel, in px. */
  sideOffset?: number;
  /** The id of the MenuLabel that names the panel. */
  labelledBy?: string;
  onOpenChange?: (open: boolean) => void;
  /** MenuItem, MenuCheckboxItem, MenuGroup, MenuLabel and MenuSeparator. */
  children: ReactNode;
}

/**
 * A dropdown menu, never modal: a modal Radix menu marks the rest of the page aria-hidden while it stays focusable
 * (axe: aria-hidden-focus). Focus leaving the menu, Escape or a tap anywhere else closes it. Its panel is the
 * raised surface beside the trigger, kept 8 px inside the window, fading in and out.
 */
export function Menu({
  trigger,
  align,
  className,
  sideOffset = 8,
  labelledBy,
  onOpenChange,
  children,
}: MenuProps) {
  const [loaded, setLoaded] = useState(radixMenu.current);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  useEffect(() => radixMenu.preloadWhenSettled(), []);

  if (!loaded) {
    const open = () =>
      radixMenu.load().then(
        (radix) => {
          setOpenAtOnce(true);
          setLoaded(radix);
          onOpenChange?.(true);
        },
        () => toast.error('The menu did not open', { description: 'Check your connection and try again.' }),
      );
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        {...trigger}
        onPointerEnter={radixMenu.preload}
        onFocus={radixMenu.preload}
        onClick={() => void open()}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          void open();
        }}
      />
    );
  }

  const Radix = loaded;
  return (
    <Radix.Root modal={false} defaultOpen={openAtOnce} onOpenChange={onOpenChange}>
      <Radix.Trigger {...trigger} />
      <Radix.Portal>
        <Radix.Content
          align={align}
          sideOffset={sideOffset}
          collisionPadding={8}
          aria-labelledby={labelledBy}
          className={`z-50 ${className} rounded-xl border border-border bg-surface-raised p-1.5 shadow-2xl shadow-background data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in`}
        >
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** One of Radix's parts, for what renders inside an open Menu (its code is in by then). */
function radixPart<Name extends 'Item' | 'CheckboxItem' | 'Group' | 'Label' | 'Separator'>(name: Name) {
  type Props = ComponentProps<Parts[Name]>;
  function Part(props: Props) {
    const parts = radixMenu.current();
    if (!parts) throw new Error(`Menu${name} rendered outside an open Menu.`);
    const Radix = parts[name] as ComponentType<Props>;
    return <Radix {...props} />;
  }
  Part.displayName = `Menu${name}`;
  return Part;
}

export const MenuItem = radixPart('Item');
export const MenuCheckboxItem = radixPart('CheckboxItem');
export const MenuGroup = radixPart('Group');
export const MenuLabel = radixPart('Label');
export const MenuSeparator = radixPart('Separator');
