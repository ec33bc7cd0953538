import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { buttonClasses } from './button';
import { cn } from './cn';

const ITEM = '[role="menuitem"],[role="menuitemradio"]';
const CloseMenu = createContext<() => void>(() => {});

/**
 * A menu button (the WAI-ARIA menu button pattern): the button names the menu and shows whether it is open;
 * Enter, Space or the arrow keys open it with focus on the checked item (else the first), the arrow keys,
 * Home and End move between its items, Escape closes it and puts focus back on the button, Tab and a click
 * outside close it. Choosing an item closes the menu first, then runs the item.
 */
export function Menu({
  label,
  children,
  icon,
  value,
  align = 'start',
  className,
  compact = false,
}: {
  /** The button's text and the menu's name. */
  label: string;
  /** What is chosen now, shown after the label ("Views: Hot leads"). */
  value?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /** An icon-only button (the label still names it), for menus on small cards. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    const checked = all.find((item) => item.getAttribute('aria-checked') === 'true');
    (focusOnOpen.current === 'last' ? all.at(-1) : (checked ?? all[0]))?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, close]);

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close();
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div ref={container} className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKey}
        aria-label={compact ? label : undefined}
        className={
          compact
            ? buttonClasses('ghost', 'sm', 'size-8 px-0')
            : buttonClasses('secondary', 'sm', 'w-full max-w-full sm:w-auto sm:max-w-xs')
        }
      >
        {compact ? (
          icon
        ) : (
          <>
            <span className="flex min-w-0 flex-1 items-center gap-1.5 text-left">
              {icon}
              <span className="truncate">
                {value ? (
                  <>
                    <span className="font-medium text-muted">{label}:</span> {value}
                  </>
                ) : (
                  label
                )}
              </span>
            </span>
            <ChevronDown
              className={cn('size-4 shrink-0 text-muted transition-transform', open && 'rotate-180')}
              aria-hidden
            />
          </>
        )}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={cn(
            'absolute z-40 mt-2 max-h-[min(26rem,70vh)] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-line bg-white py-1.5 shadow-xl',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          <CloseMenu.Provider value={close}>{children}</CloseMenu.Provider>
        </div>
      )}
    </div>
  );
}

/** Items under a small heading that names them for assistive technology too. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="py-1">
      <p id={id} className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </p>
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1.5 border-t border-line" />;
}

/** A line of the menu that says why it has no items. */
export function MenuNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-1.5 text-sm text-muted">{children}</p>;
}

/**
 * One choice. With `checked` it is one of a set (menuitemradio: the view now shown). A disabled item stays
 * reachable and says so (aria-disabled), as the pattern asks.
 */
export function MenuItem({
  onSelect,
  children,
  icon,
  hint,
  checked,
  disabled = false,
  tone = 'default',
}: {
  onSelect(): void;
  children: ReactNode;
  icon?: ReactNode;
  /** A second, quieter line (who shared a view). */
  hint?: ReactNode;
  checked?: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      onClick={() => {
        if (disabled) return;
        close();
        onSelect();
      }}
      className={cn(
        'flex w-full items-start gap-2 px-3 py-2 text-left text-sm outline-none focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600',
        disabled
          ? 'cursor-not-allowed text-muted/70'
          : tone === 'danger'
            ? 'text-red-700 hover:bg-red-50'
            : 'text-ink hover:bg-slate-50',
      )}
    >
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center" aria-hidden>
        {checked ? <Check className="size-4 text-brand-700" /> : icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block break-words', checked && 'font-semibold text-brand-700')}>{children}</span>
        {hint && <span className="block truncate text-xs text-muted">{hint}</span>}
      </span>
    </button>
  );
}
