import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The field labelled `label` points at its error: aria-invalid, described by an element
 * holding `message`, and focused (the form's first error, or a server `fields` entry).
 */
export function expectFieldError(label: string, message: string, { focused = true } = {}) {
  const input = screen.getByLabelText(label, { selector: 'input, textarea, [role="combobox"]' });
  expect(input.getAttribute('aria-invalid'), `${label} aria-invalid`).toBe('true');
  const describedBy = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent ?? '');
  expect(descriptions, `${label} aria-describedby`).toContain(message);
  if (focused) expect(document.activeElement, `${label} focused`).toBe(input);
}
