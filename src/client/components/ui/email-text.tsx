import { Fragment } from 'react';

/**
 * An e-mail address that wraps, when it must, before its '@' and after a dot rather than mid-word; only a part
 * too long for the line on its own breaks where it must (`overflow-wrap: anywhere`, the last resort).
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  // "ana.lopez@mail.example" -> ["ana.", "lopez", "@mail.", "example"]: each piece may start a line.
  const pieces = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
