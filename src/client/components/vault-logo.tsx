/**
 * The Vault's mark: a safe's dial with a three-spoke wheel. Original artwork, drawn with the theme's colours.
 * `title` names it (the shop's name, useShopName()); an empty title makes it decorative (next to text that already
 * names the link).
 */
export function VaultLogo({ className = '', title }: { className?: string; title: string }) {
  const ticks = Array.from({ length: 12 }, (_, index) => index * 30);
  const spokes = [90, 210, 330];
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    >
      <rect
        x="2"
        y="2"
        width="60"
        height="60"
        rx="16"
        className="fill-surface-raised stroke-border"
        strokeWidth="1.5"
      />
      <circle cx="32" cy="32" r="19" className="fill-background stroke-primary" strokeWidth="3.5" />
      <g className="stroke-coin" strokeWidth="2" strokeLinecap="round">
        {ticks.map((angle) => (
          <line
            key={angle}
            x1="32"
            y1={angle % 90 === 0 ? 5.5 : 7}
            x2="32"
            y2="9.5"
            transform={`rotate(${angle} 32 32)`}
          />
        ))}
      </g>
      <g className="stroke-coin" strokeWidth="2.5" strokeLinecap="round">
        {spokes.map((angle) => (
          <line key={angle} x1="32" y1="32" x2="32" y2="19.5" transform={`rotate(${angle} 32 32)`} />
        ))}
      </g>
      <g className="fill-coin">
        {spokes.map((angle) => (
          <circle key={angle} cx="32" cy="18.5" r="2.6" transform={`rotate(${angle} 32 32)`} />
        ))}
        <circle cx="32" cy="32" r="5" />
      </g>
      <circle cx="32" cy="32" r="2" className="fill-background" />
    </svg>
  );
}
