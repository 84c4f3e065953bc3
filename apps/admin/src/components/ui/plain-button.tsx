import { alpha, type CSSObject, keyframes, styled, type Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

const focusEnter = keyframes`from { transform: scale(0); opacity: 0.1; } to { transform: scale(1); opacity: 0.3; }`;
const focusPulse = keyframes`0%, 100% { transform: scale(1); } 50% { transform: scale(0.92); }`;

/**
 * Keyboard focus: a circle of the text colour at 30 %, pulsing, as MUI's focus ripple draws
 * it. `size` is the circle's width as a share of the button's (MUI's centred ripple is
 * √((2w² + h²) / 3): 81.65 % of a wide button, the whole of a square one).
 */
const focusCircle = (theme: Theme, size: string): CSSObject => ({
  overflow: 'hidden',
  '&:focus-visible::after': {
    content: '""',
    position: 'absolute',
    left: '50%',
    top: '50%',
    width: size,
    aspectRatio: '1',
    translate: '-50% -50%',
    borderRadius: '50%',
    backgroundColor: 'currentColor',
    opacity: 0.3,
    pointerEvents: 'none',
    animation: `${focusEnter} ${theme.transitions.duration.shorter}ms ${theme.transitions.easing.easeInOut}, ${focusPulse} 2500ms ${theme.transitions.easing.easeInOut} 200ms infinite`,
  },
});

/** What every button here shares: a reset <button>, centred content, no outline (the circle shows focus). */
const base: CSSObject = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  WebkitTapHighlightColor: 'transparent',
  outline: 0,
  border: 0,
  margin: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  appearance: 'none',
  textDecoration: 'none',
  '&:disabled': { pointerEvents: 'none', cursor: 'default' },
};

type Variant = 'contained' | 'outlined';
type Size = 'medium' | 'large';
type StyleProps = { variant: Variant; size: Size; fullWidth: boolean };

const ButtonRoot = styled('button', {
  shouldForwardProp: (prop) => prop !== 'variant' && prop !== 'size' && prop !== 'fullWidth',
})<StyleProps>(({ theme }) => {
  const { primary, action } = theme.palette;
  return {
    ...base,
    ...theme.typography.button,
    // The app's buttons keep their words' case (theme.ts, MuiButton).
    textTransform: 'none',
    minWidth: 64,
    borderRadius: theme.shape.borderRadius,
    transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
    ...focusCircle(theme, '81.65%'),
    '&:disabled': { ...(base['&:disabled'] as CSSObject), color: action.disabled },
    variants: [
      {
        props: { variant: 'contained' },
        style: {
          padding: '6px 16px',
          color: primary.contrastText,
          backgroundColor: primary.main,
          boxShadow: theme.shadows[2],
          '@media (hover: hover)': { '&:hover': { backgroundColor: primary.dark, boxShadow: theme.shadows[4] } },
          '&:active': { boxShadow: theme.shadows[8] },
          '&:focus-visible': { boxShadow: theme.shadows[6] },
          '&:disabled': { boxShadow: 'none', backgroundColor: action.disabledBackground },
        },
      },
      {
        props: { variant: 'outlined' },
        style: {
          padding: '5px 15px',
          color: primary.main,
          backgroundColor: 'transparent',
          border: `1px solid ${alpha(primary.main, 0.5)}`,
          '@media (hover: hover)': {
            '&:hover': { borderColor: primary.main, backgroundColor: alpha(primary.main, action.hoverOpacity) },
          },
          '&:disabled': { borderColor: action.disabledBackground },
        },
      },
      { props: { variant: 'contained', size: 'large' }, style: { padding: '8px 22px' } },
      { props: { variant: 'outlined', size: 'large' }, style: { padding: '7px 21px' } },
      { props: { size: 'large' }, style: { fontSize: theme.typography.pxToRem(15) } },
      { props: { fullWidth: true }, style: { width: '100%' } },
    ],
  };
});

const StartIcon = styled('span')({
  display: 'inherit',
  alignItems: 'center',
  marginRight: 8,
  marginLeft: -4,
  '&::before': { content: '"\\200b"', width: 0, overflow: 'hidden' },
  '& > *:nth-of-type(1)': { fontSize: 20 },
});

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant: Variant;
  size?: Size;
  fullWidth?: boolean;
  startIcon?: ReactNode;
};

/**
 * A native <button> drawn like the app's MUI buttons (contained or outlined, primary colour),
 * from the theme's palette, type, shape, shadows and transitions. For the pages whose first
 * paint must stay small (sign-in): MUI's Button brings ButtonBase, its ripple and focus
 * tracking (~8 KB gzip). A press does not ripple; keyboard focus shows the same circle.
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
    <ButtonRoot variant={variant} size={size} fullWidth={fullWidth} type={type} {...props}>
      {startIcon ? <StartIcon>{startIcon}</StartIcon> : null}
      {children}
    </ButtonRoot>
  );
}

/** A round icon <button> drawn like MUI's IconButton (`edge="end"`), for the same pages. */
export const PlainIconButton = styled('button')(({ theme }) => {
  const { action } = theme.palette;
  return {
    ...base,
    backgroundColor: 'transparent',
    textAlign: 'center',
    flex: '0 0 auto',
    fontSize: theme.typography.pxToRem(24),
    padding: 8,
    marginRight: -12,
    borderRadius: '50%',
    color: action.active,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    ...focusCircle(theme, '100%'),
    '&:hover': {
      backgroundColor: alpha(action.active, action.hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
  };
});
