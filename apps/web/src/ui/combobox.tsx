import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cx } from './cx.ts';
import { inputClassName } from './input.tsx';

export type ComboboxOption = {
  value: string;
  label: string;
  /** Other words the option is found by (e.g. country names for a calling code). */
  keywords?: string;
};

export type ComboboxProps = {
  options: readonly ComboboxOption[];
  /** The selected option's value, or '' for none. */
  value: string;
  onValueChange: (value: string) => void;
  id?: string;
  placeholder?: string;
  /** Shown in the list when nothing matches. */
  emptyText?: string;
  disabled?: boolean;
  /** Names the input when no <label> points at it. */
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  className?: string;
  /** Most options rendered at once while filtering (long lists stay quick). */
  maxVisible?: number;
  /** Names the popup list, e.g. 'Countries'. */
  listLabel: string;
};

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * A searchable select (WAI-ARIA combobox with a listbox popup): type to filter, arrows to move,
 * Enter to choose, Escape to close. Leaving the field without choosing keeps the previous choice.
 */
export function Combobox({
  options,
  value,
  onValueChange,
  id,
  placeholder,
  emptyText = 'No matches',
  disabled = false,
  className,
  maxVisible = 300,
  listLabel,
  ...aria
}: ComboboxProps) {
  const generated = useId();
  const inputId = id ?? `combobox-${generated}`;
  const listId = `${inputId}-listbox`;
  const selected = options.find((option) => option.value === value) ?? null;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => {
    const needle = normalise(query ?? '');
    const matches = needle
      ? options.filter((option) => normalise(`${option.label} ${option.keywords ?? ''}`).includes(needle))
      : options;
    return matches.slice(0, maxVisible);
  }, [options, query, maxVisible]);

  // Keep the active option in view while moving with the keyboard.
  useEffect(() => {
    if (!open) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  function openList() {
    if (disabled) return;
    setOpen(true);
    const index = filtered.findIndex((option) => option.value === value);
    setActive(index >= 0 ? index : 0);
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function choose(option: ComboboxOption) {
    onValueChange(option.value);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.min(index + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(filtered.length - 1, 0));
        }
        break;
      case 'Enter': {
        const option = filtered[active];
        if (open && option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          // Stop a surrounding dialog from closing too.
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  const activeOption = open ? filtered[active] : undefined;
  return (
    <div className={cx('relative', className)}>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? selected?.label ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cx(inputClassName, 'pr-9')}
        {...aria}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-text-muted"
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface-raised p-1 shadow-overlay"
      >
        {filtered.length === 0 ? (
          // A listbox must hold options: the "no matches" line is one that cannot be chosen.
          <div
            role="option"
            aria-disabled="true"
            aria-selected="false"
            tabIndex={-1}
            className="px-3 py-2 text-sm text-text-muted"
          >
            {emptyText}
          </div>
        ) : (
          filtered.map((option, index) => {
            const isSelected = option.value === value;
            return (
              // The input keeps focus and handles the keys (aria-activedescendant); a click is the pointer way.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection happens in the input's onKeyDown.
              <div
                key={option.value}
                id={`${listId}-${index}`}
                data-index={index}
                role="option"
                aria-selected={isSelected}
                tabIndex={-1}
                // Keep focus in the input so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(index)}
                className={cx(
                  'flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-2 text-sm text-text',
                  index === active && 'bg-surface',
                )}
              >
                <span>{option.label}</span>
                {isSelected ? <Check aria-hidden="true" className="size-4 text-accent" /> : null}
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}
