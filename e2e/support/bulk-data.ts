import type { Download } from 'playwright-core';
import { api, type RunningServer, uploadPng } from './server';

/**
 * Arranging catalogues for the import, export and bulk-edit browser tests: categories and
 * products made over the API, as the dashboard's own forms would.
 */
export async function createCategory(
  server: Pick<RunningServer, 'baseUrl'>,
  token: string,
  name: string,
): Promise<string> {
  const image = await uploadPng(server, '/api/category', token);
  const made = await api<{ id: string }>(
    server,
    'POST',
    '/api/category/create',
    { name, slug: name.toLowerCase(), color: '#2e7d32', images: [image] },
    token,
  );
  if (made.status !== 201) throw new Error(`category ${name}: ${made.status}`);
  return made.body.id;
}

export type Arranged = { id: string; name: string; price: number };

export async function createProduct(
  server: Pick<RunningServer, 'baseUrl'>,
  token: string,
  category: string,
  name: string,
  price: number,
): Promise<Arranged> {
  const made = await api<{ id: string }>(
    server,
    'POST',
    '/api/products/create',
    {
      name,
      description: `${name}, described`,
      brand: 'Tuff',
      price,
      oldPrice: price + 50,
      category,
      countInStock: 7,
      rating: 4,
      isFeatured: false,
      discount: 10,
      images: [await uploadPng(server, '/api/products', token)],
    },
    token,
  );
  if (made.status !== 201) throw new Error(`product ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  return { id: made.body.id, name, price };
}

export type ProductRecord = { id: string; name: string; price: number; oldPrice: number; countInStock: number };

/** One product as the API answers it now. */
export async function readProduct(server: RunningServer, token: string, id: string) {
  return (await api<ProductRecord>(server, 'GET', `/api/products/${id}`, undefined, token)).body;
}

/** Every product's name, as the API lists them. */
export async function productNames(server: RunningServer, token: string): Promise<string[]> {
  const page = await api<{ products: Array<{ name: string }> }>(server, 'GET', '/api/products', undefined, token);
  return page.body.products.map((product) => product.name).sort();
}

/** A file the page downloaded: its name and text. */
export async function readDownload(download: Download): Promise<{ name: string; text: string }> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** Gives `email`'s account the built-in role `role` (the owner's call). */
export async function giveRole(server: RunningServer, ownerToken: string, accountId: string, role: string) {
  const given = await api(server, 'PUT', `/api/staff/${accountId}`, { role }, ownerToken);
  if (given.status !== 200) throw new Error(`role ${role}: ${given.status}`);
}
