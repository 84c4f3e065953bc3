import { describe, expect, it } from 'vitest';
import { acceptedImageTypes, hasImageExtension, smallImageUrl, strictImageTypes } from './images';

describe('smallImageUrl', () => {
  it('points a stored image at its small WebP variant', () => {
    const base = 'http://localhost:8080/uploads/users/6560a1b2c3d4e5f6a7b8c9d0';
    expect(smallImageUrl(`${base}.png`)).toBe(`${base}.small.webp`);
    expect(smallImageUrl(`${base}.jpg`)).toBe(`${base}.small.webp`);
    expect(smallImageUrl(`${base}.jpeg`)).toBe(`${base}.small.webp`);
    expect(smallImageUrl(`${base}.JPG`)).toBe(`${base}.small.webp`);
    expect(smallImageUrl(`${base}.webp`)).toBe(`${base}.small.webp`);
  });

  it('leaves a small variant, a foreign URL and a non-image alone', () => {
    const small = 'https://shop.example.com/uploads/products/6560a1b2c3d4e5f6a7b8c9d0.small.webp';
    expect(smallImageUrl(small)).toBe(small);
    for (const url of [
      'https://cdn.example.com/images/photo.png',
      'https://shop.example.com/uploads/users/file.gif',
      'https://shop.example.com/uploads/',
      '',
    ]) {
      expect(smallImageUrl(url), url).toBe(url);
    }
  });
});

describe('hasImageExtension', () => {
  it('accepts jpeg, jpg, png and webp on most screens, in any case', () => {
    for (const name of ['a.jpeg', 'a.jpg', 'a.png', 'a.webp', 'A.PNG', 'holiday.photo.JPG']) {
      expect(hasImageExtension(name, acceptedImageTypes), name).toBe(true);
    }
    for (const name of ['a.gif', 'a.svg', 'a.png.exe', 'a.bmp', 'a.', 'png.txt']) {
      expect(hasImageExtension(name, acceptedImageTypes), name).toBe(false);
    }
  });

  it('accepts only jpeg, jpg and png where the screen is strict', () => {
    expect(hasImageExtension('a.webp', strictImageTypes)).toBe(false);
    expect(hasImageExtension('a.jpg', strictImageTypes)).toBe(true);
    expect(hasImageExtension('a.png', strictImageTypes)).toBe(true);
  });
});
