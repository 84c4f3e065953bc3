import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { dataFlag } from './data-flag';
import './plain-button.css';

type Variant = 'contained' | 'outlined';
type Size = 'medium' | 'large';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant: Variant;
  size?: Size;
  fullWidth?: boolean;
  startIcon?: ReactNode;
};

/**
 * A native <button> drawn like the app's MUI buttons (contained or outlined, primary colour),
 * in plain CSS (plain-button.css) from base.css's palette, type, shape and shadows. For the
 * pages whose first paint must stay small (sign-in): MUI's Button brings ButtonBase, its ripple
 * and focus tracking, and with them MUI's styling engine. A press does not ripple; keyboard
 * focus shows the same circle.
 */
export function PlainButton({
  variant,
  size = 'medium',
  fullWidth = false,
  startIcon,
  children,
  type = 'button',
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className="sd-button"
      data-variant={variant}
      data-size={size}
      data-full-width={dataFlag(fullWidth)}
    >
      {startIcon ? <span className="sd-button-start-icon">{startIcon}</span> : null}
      {children}
    </button>
  );
}

/** A round icon <button> drawn like MUI's IconButton (`edge="end"`), for the same pages. */
export function PlainIconButton({
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'>) {
  return <button {...props} type={type} className="sd-icon-button" />;
}
