import { messages, productMessages, securityMessages, type User } from '@shopdesk/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryForm } from '../../features/categories/components/category-form';
import { ProductForm } from '../../features/products/components/form/product-form';
import type { ProductFormValues } from '../../features/products/components/form/product-form-values';
import { ProfileForm } from '../../features/users/components/profile-form';
import { alertStore, hideAlert } from '../../lib/alerts';
import { clearSession } from '../../lib/session';
import { type Call, fakeApi } from '../../testing/fake-api';
import { expectFieldError } from '../../testing/form-fields';
import { jsonResponse, renderWithApp } from '../../testing/render';

afterEach(() => {
  hideAlert();
  clearSession();
  vi.unstubAllGlobals();
});

const category = { id: 'c1', _id: 'c1', name: 'Toys', color: '#1565c0', images: ['/uploads/toys.jpg'], children: [] };
/** Lists and the temporary store answer empty; `save` answers the form's own request. */
const api = (save: (call: Call) => Response | undefined = () => undefined) =>
  fakeApi('owner', (call) => {
    if (call.method === 'GET' && call.path.includes('/api/category'))
      return jsonResponse(200, { categoryList: [category] });
    if (call.method === 'GET' && call.path.includes('countr')) return jsonResponse(200, { data: [] });
    if (call.method === 'GET') return jsonResponse(200, []);
    if (call.method === 'DELETE') return jsonResponse(200, { error: false, msg: 'ok' });
    return save(call);
  });
const submit = async (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
const fieldsAnswer = (msg: string, fields: Record<string, string>) => jsonResponse(400, { error: true, msg, fields });

describe('forms point at the field', () => {
  it('Product Upload: empty, the spec alert is the name rule and PRODUCT NAME is marked, described and focused', async () => {
    api();
    renderWithApp(<ProductForm />);
    await screen.findByLabelText('PRODUCT NAME');
    await submit('PUBLISH AND VIEW');
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: productMessages.name });
    expectFieldError('PRODUCT NAME', productMessages.name);
    // The next rule in the spec's order once the name is given.
    type('PRODUCT NAME', 'Kite');
    await submit('PUBLISH AND VIEW');
    expect(alertStore.get().msg).toBe(productMessages.description);
    expectFieldError('DESCRIPTION', productMessages.description);
    expect(screen.getByLabelText('PRODUCT NAME', { selector: 'input' }).getAttribute('aria-invalid')).toBe('false');
  });

  it('Product Edit: a server 400 with fields marks and focuses those fields, its msg is the alert', async () => {
    const valid: ProductFormValues = {
      name: 'Kite',
      description: 'Flies high',
      category: 'c1',
      subCatId: '',
      price: '450',
      oldPrice: '500',
      isFeatured: 'false',
      lowStockThreshold: '',
      countInStock: '3',
      brand: 'Skyline',
      discount: '10',
      productRam: [],
      productWeight: [],
      size: [],
      rating: 4,
      location: [],
      images: ['/uploads/products/0123456789abcdef01234567.jpg'],
    };
    const { calls } = api((call) =>
      call.method === 'PUT' ? fieldsAnswer('please enter brand name', { brand: 'please enter brand name' }) : undefined,
    );
    renderWithApp(<ProductForm productId="p1" initialValues={valid} />);
    await screen.findByLabelText('BRAND');
    await submit('PUBLISH AND VIEW');
    await vi.waitFor(() => expect(alertStore.get().msg).toBe('please enter brand name'));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/products/p1')).toBe(true);
    expectFieldError('BRAND', 'please enter brand name');
  });

  it('Add Category: the spec alert, and Category Name then Color marked, described and focused', async () => {
    api();
    renderWithApp(<CategoryForm />);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Category' }).hasAttribute('disabled')).toBe(false),
    );
    await submit('Add Category');
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: messages.fillAllDetails });
    expectFieldError('Category Name', messages.fillAllDetails);
    type('Category Name', 'Toys');
    await submit('Add Category');
    expect(alertStore.get().msg).toBe(messages.fillAllDetails);
    expectFieldError('Color', messages.fillAllDetails);
  });

  it('My Account profile: a phone without a number spinner; a blank phone and a new e-mail without password point at their fields', async () => {
    const user = {
      id: 'u1',
      _id: 'u1',
      name: 'Asha',
      email: 'asha@shop.test',
      phone: '',
      images: ['/uploads/users/0123456789abcdef01234567.jpg'],
    };
    const { calls } = api();
    renderWithApp(<ProfileForm user={user as unknown as User} />);
    const phone = screen.getByLabelText('Phone', { selector: 'input' });
    expect(phone.getAttribute('type')).toBe('tel');
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    expect(phone.getAttribute('pattern')).toBe('[0-9]*');
    await submit('Save');
    expect(alertStore.get()).toMatchObject({ kind: 'error', msg: messages.fillAllDetails });
    expectFieldError('Phone', messages.fillAllDetails);
    type('Phone', '09876543210');
    type('Email', 'asha.new@shop.test');
    await submit('Save');
    expect(alertStore.get().msg).toBe(securityMessages.currentPasswordNeeded);
    expectFieldError('Current password', securityMessages.currentPasswordNeeded);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
