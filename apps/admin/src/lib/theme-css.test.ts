import fs from 'node:fs';
import path from 'node:path';
import { alpha, getOverlayAlpha, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

/**
 * base.css repeats the MUI theme's palette as CSS variables (the sign-in page paints before MUI
 * has loaded). Each variable must be what the theme computes, in both modes.
 */
const css = fs.readFileSync(path.resolve(import.meta.dirname, 'base.css'), 'utf8');

function variables(selector: string): Record<string, string> {
  const block = css.match(new RegExp(`${selector.replace('.', '\\.')} \\{([^}]*)\\}`))?.[1] ?? '';
  const found: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/--sd-([\w-]+):\s*([^;]+);/g)) found[name as string] = value as string;
  return found;
}

/** Without spaces, numbers as numbers (`0.0` is `0`), lower case. */
const normalised = (value: string) =>
  value
    .replace(/\s+/g, '')
    .replace(/\d*\.?\d+/g, (number) => String(Number(number)))
    .toLowerCase();

function expected(theme: Theme): Record<string, string> {
  const { palette } = theme;
  const overlay = alpha('#fff', getOverlayAlpha(3));
  return {
    primary: palette.primary.main,
    'primary-dark': palette.primary.dark,
    'primary-contrast': palette.primary.contrastText,
    'primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
    'primary-outline': alpha(palette.primary.main, 0.5),
    'primary-underline': alpha(palette.primary.main, 0.4),
    error: palette.error.main,
    text: palette.text.primary,
    'text-secondary': palette.text.secondary,
    divider: palette.divider,
    background: palette.background.default,
    paper: palette.background.paper,
    'paper-overlay': palette.mode === 'dark' ? `linear-gradient(${overlay}, ${overlay})` : 'none',
    'action-active': palette.action.active,
    'action-hover': alpha(palette.action.active, palette.action.hoverOpacity),
    'action-disabled': palette.action.disabled,
    'action-disabled-background': palette.action.disabledBackground,
    // MUI's outlined input draws its outline at 23 % of the text's base colour.
    'input-outline': palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
  };
}

describe('base.css and the MUI theme', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`has the theme's ${mode} palette`, () => {
      const actual = variables(`body.${mode}`);
      const wanted = expected(createAppTheme(mode));
      expect(Object.keys(actual).sort()).toEqual(Object.keys(wanted).sort());
      for (const [name, value] of Object.entries(wanted))
        expect(normalised(actual[name] ?? ''), `--sd-${name}`).toBe(normalised(value));
    });
  }

  it("has the theme's type, shape and shadows", () => {
    const theme = createAppTheme('light');
    const shared = variables('body');
    expect(shared.font).toBe(theme.typography.fontFamily);
    expect(shared.radius).toBe(`${theme.shape.borderRadius}px`);
    expect(normalised(shared['ease-in-out'] ?? '')).toBe(normalised(theme.transitions.easing.easeInOut));
    expect(normalised(shared['ease-out'] ?? '')).toBe(normalised(theme.transitions.easing.easeOut));
    for (const level of [2, 3, 4, 6, 8])
      expect(normalised(shared[`shadow-${level}`] ?? ''), `--sd-shadow-${level}`).toBe(
        normalised(theme.shadows[level] ?? ''),
      );
  });
});
