import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';

const DEBOUNCE_MS = 250;

/** The search box: typing is local, the URL (and so the server query) follows 250 ms after the last key. */
export function LeadSearch({ value, onSearch }: { value: string; onSearch(value: string): void }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  // When the URL changes from elsewhere (Clear filters, back button), the box follows it.
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
      <label htmlFor="lead-search" className="sr-only">
        Search leads
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <input
        id="lead-search"
        type="search"
        placeholder="Search name, email, company or phone"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
