import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** Modules of light margin around the code, as the QR standard asks (readers need it to find the code). */
const QUIET_ZONE = 4;

/** One SVG path for the dark modules: each run of dark modules in a row is one rectangle. */
function darkModulesPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  // The library writes one byte per character: give it the text's UTF-8 bytes, so any text reads back as it was.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)));
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; ) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      let run = 1;
      while (col + run < count && qr.isDark(row, col + run)) run += 1;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col += run;
    }
  }
  return { size: count + 2 * QUIET_ZONE, d: parts.join('') };
}

/**
 * `text` as a QR code: an inline SVG (no inline styles or injected markup, which the CSP forbids),
 * black on white with its quiet zone whatever the theme, so a phone can scan it in dark mode too.
 */
export function QrCode({ text, label, className = 'size-48' }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => darkModulesPath(text), [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
