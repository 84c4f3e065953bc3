import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain-button.css';

type Variant = 'contained' | 'outlined';
type Size = 'medium' | 'large';

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant: Variant;
  size?: Size;
  fullWidth?: boolean;
  startIcon?: ReactNode;
};

const flag = (on: boolean) => (on ? '' : undefined);

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
  className,
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={className ? `sd-button ${className}` : 'sd-button'}
      data-variant={variant}
      data-size={size}
      data-full-width={flag(fullWidth)}
    >
      {startIcon ? <span className="sd-button-start-icon">{startIcon}</span> : null}
      {children}
    </button>
  );
}

/** A round icon <button> drawn like MUI's IconButton (`edge="end"`), for the same pages. */
export function PlainIconButton({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...props} type={type} className={className ? `sd-icon-button ${className}` : 'sd-icon-button'} />;
}
