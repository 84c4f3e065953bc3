import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '../../../lib/alerts';
import { expectFieldError } from '../../../testing/form-fields';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { SignInForm } from './sign-in-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('SignInForm', () => {
  it('checks blanks with the contract messages before calling the server, marking and focusing the field', async () => {
    renderWithApp(<SignInForm />);
    await act(async () => submit());
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'email can not be blank!' });
    expectFieldError('Email', 'email can not be blank!');
    type('Email', 'admin@shop.test');
    await act(async () => submit());
    expect(alertStore.get().msg).toBe('password can not be blank!');
    expectFieldError('Password', 'password can not be blank!');
    // The e-mail is right now: no longer marked.
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server msg in red when sign-in fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { error: true, msg: 'you are not a admin' }));
    renderWithApp(<SignInForm />);
    type('Email', 'user@shop.test');
    type('Password', 'secret');
    await act(async () => submit());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ email: 'user@shop.test', password: 'secret', isAdmin: true });
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'you are not a admin' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores the token and user on success', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        error: false,
        msg: 'User Authenticated',
        token: 't0k',
        user: { id: 'u1', name: 'Asha', email: 'asha@shop.test', isAdmin: true },
      }),
    );
    renderWithApp(<SignInForm />);
    type('Email', 'asha@shop.test');
    type('Password', 'secret');
    await act(async () => submit());
    expect(localStorage.getItem('token')).toBe('t0k');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({
      name: 'Asha',
      email: 'asha@shop.test',
      userId: 'u1',
      isAdmin: true,
    });
    expect(alertStore.get()).toMatchObject({ kind: 'success', msg: 'User Authenticated' });
  });

  it('asks for the two-step code with the server words, then re-sends with otp; a wrong code is red', async () => {
    const prompt = 'Enter the 6-digit code from your authenticator app';
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: true, msg: prompt, twoFactorRequired: true }));
    renderWithApp(<SignInForm />);
    type('Email', 'asha@shop.test');
    type('Password', 'secret');
    await act(async () => submit());
    // The code field (and its Alert) is loaded when the server first asks for it.
    expect(await screen.findByText(prompt)).toBeTruthy();
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: true, msg: 'That code is not right. Please try again.', twoFactorRequired: true }),
    );
    type('Authentication code', '123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    const body = JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body));
    expect(body).toEqual({ email: 'asha@shop.test', password: 'secret', otp: '123456', isAdmin: true });
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: 'That code is not right. Please try again.' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('names the password toggle by what it does', () => {
    renderWithApp(<SignInForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide characters' })).toBeTruthy();
  });
});
