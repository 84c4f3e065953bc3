import './plain-button.css';

/**
 * An icon from one SVG path of @mdi/js (Material Design Icons, one string per icon), sized by
 * the font size and in the text colour as MUI's SvgIcon is. For what paints before MUI has
 * loaded (the sign-in page): an icon of @mui/icons-material brings SvgIcon and emotion.
 */
export function SvgPathIcon({ path, size, tone }: { path: string; size?: 'large'; tone?: 'primary' }) {
  return (
    <svg className="sd-icon" data-size={size} data-tone={tone} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
