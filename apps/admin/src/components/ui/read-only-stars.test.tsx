import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadOnlyStars } from './read-only-stars';

const filledWidth = (name: string) =>
  (screen.getByRole('img', { name }).querySelector('.stars-filled') as HTMLElement).style.width;

describe('ReadOnlyStars', () => {
  it("is named like MUI's read-only Rating, rounded to half stars", () => {
    render(
      <>
        <ReadOnlyStars value={3} />
        <ReadOnlyStars value={4.3} />
        <ReadOnlyStars value={1} />
        <ReadOnlyStars value={0} />
        <ReadOnlyStars value={null} />
      </>,
    );
    expect(screen.getByRole('img', { name: '3 Stars' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.5 Stars' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '1 Star' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '0 Stars' })).toHaveLength(2);
  });

  it('fills whole and half stars, outlines the rest', () => {
    render(
      <>
        <ReadOnlyStars value={3.5} />
        <ReadOnlyStars value={5} />
      </>,
    );
    expect(filledWidth('3.5 Stars')).toBe('3.5em');
    const outline = screen.getByRole('img', { name: '3.5 Stars' }).querySelector('.stars-empty') as HTMLElement;
    // The outline starts at the half star, under its gold half.
    expect(outline.style.left).toBe('3em');
    expect(filledWidth('5 Stars')).toBe('5em');
  });
});
