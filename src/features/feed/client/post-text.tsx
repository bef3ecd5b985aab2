import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

/** Splits text into plain runs and http(s) links; links are never fetched or embedded, only linked. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trimmed = raw.replace(TRAILING, '');
    const start = match.index;
    let href: string | undefined;
    try {
      const url = new URL(trimmed);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: trimmed, href });
    last = start + trimmed.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A member's text, always as text (React escapes it), with links shown as links that open elsewhere. */
export function PostText({ text, className = '' }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={`text-base leading-relaxed break-words whitespace-pre-wrap text-text ${className}`}>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-primary underline decoration-primary/50 underline-offset-2 hover:decoration-primary"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
