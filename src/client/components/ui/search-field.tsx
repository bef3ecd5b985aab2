import { Search } from 'lucide-react';
import { useId } from 'react';

/** The search box above a list: its label is read out, the placeholder says what it matches. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  maxLength = 100,
  className = 'w-full sm:max-w-md',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
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
        maxLength={maxLength}
        className="min-h-11 w-full rounded-xl border border-border bg-surface pr-3.5 pl-11 text-base text-text placeholder:text-text-muted/80 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary"
      />
    </div>
  );
}
