import { Search } from 'lucide-react';
import { useId } from 'react';

/** The search box above a list: its label is read out, the placeholder says what it matches. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-text-muted"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        className="min-h-11 w-full rounded-xl border border-border bg-background pr-3.5 pl-11 text-base text-text placeholder:text-text-muted/80 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary"
      />
    </div>
  );
}
