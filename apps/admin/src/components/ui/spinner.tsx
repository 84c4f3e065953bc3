import './plain-button.css';

type Props = { size: number; label?: string };

/**
 * A busy circle in the current text colour, drawn like MUI's indeterminate CircularProgress in
 * plain SVG and CSS (plain-button.css), for the buttons of the pages that paint before MUI has
 * loaded (sign-in, sign-up): showing it loads nothing. With a label it is a progressbar of that
 * name; without, decoration beside words that say the same.
 */
export function Spinner({ size, label }: Props) {
  return (
    <span
      className="sd-spinner"
      style={{ width: size, height: size }}
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
