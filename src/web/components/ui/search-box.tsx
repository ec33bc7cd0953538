import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';

const DEBOUNCE_MS = 250;

/**
 * A search box whose typing stays local: `onSearch` (the server query) follows 250 ms after the last key.
 * When `value` changes from elsewhere (Clear filters, the back button), the box follows it.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  /** Read by assistive tech; the placeholder says it to everyone else. */
  label: string;
  placeholder: string;
  value: string;
  onSearch(value: string): void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onSearch(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
