import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';

function Field({ helper }: { helper?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="Password"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      {...(helper ? { helper: (id: string) => <p id={id}>At least 8 characters</p> } : {})}
    />
  );
}

describe('PasswordField (OutlinedField)', () => {
  it('is named by its label, and describes itself by its helper text', () => {
    render(<Field helper />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('At least 8 characters').id);
    expect(document.getElementById(`${input.id}-label`)?.textContent).toBe('Password');
  });

  it('raises its label while focused or filled', () => {
    render(<Field />);
    const input = screen.getByLabelText('Password');
    const root = screen.getByText('Password', { selector: 'label' }).parentElement as HTMLElement;
    expect(root.hasAttribute('data-focused') || root.hasAttribute('data-filled')).toBe(false);
    fireEvent.focus(input);
    expect(root.hasAttribute('data-focused')).toBe(true);
    fireEvent.change(input, { target: { value: 'secret' } });
    fireEvent.blur(input);
    expect(root.hasAttribute('data-focused')).toBe(false);
    expect(root.hasAttribute('data-filled')).toBe(true);
  });

  it('shows and hides the characters with its toggle, which names what it does', () => {
    render(<Field />);
    const input = screen.getByLabelText('Password');
    fireEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(input.getAttribute('type')).toBe('text');
    const toggle = screen.getByRole('button', { name: 'Hide characters' });
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    expect(toggle.getAttribute('type')).toBe('button');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });
});
