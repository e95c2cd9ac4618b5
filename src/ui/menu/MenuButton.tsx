import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Anchor, Item, List, Trigger } from './menu.styles';

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

interface MenuButtonProps {
  /** The accessible name of the button. */
  label: string;
  /** What the button shows, e.g. an avatar. */
  children: ReactNode;
  items: MenuItem[];
}

/**
 * A button that opens a list of actions, following the WAI-ARIA menu button pattern:
 * arrows move between items, Escape closes and gives the focus back.
 */
export function MenuButton({ label, children, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const focusable = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = focusable.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (i: number) => focusable[(i + focusable.length) % focusable.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(focusable.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <Anchor ref={anchorRef}>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </Trigger>
      {open && (
        <List id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            <Item
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </Item>
          ))}
        </List>
      )}
    </Anchor>
  );
}
