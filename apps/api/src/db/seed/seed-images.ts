import { loadSharp, saveImage } from '../../lib/image-files';
import type { ImageStore } from '../../lib/image-store';
import type { ImageWork } from '../../lib/image-work';
import type { Random } from './random';

/** A simple product silhouette per category (drawn, not downloaded: the seed needs no network). */
const shapes = [
  '<rect x="290" y="170" width="220" height="420" rx="34" fill="#1f2937"/><rect x="306" y="200" width="188" height="340" rx="10" fill="ACCENT"/>',
  '<path d="M290 240 L360 190 L440 190 L510 240 L470 300 L470 600 L330 600 L330 300 Z" fill="ACCENT"/>',
  '<ellipse cx="400" cy="520" rx="200" ry="60" fill="#374151"/><path d="M220 330 h360 v190 a180 60 0 0 1 -360 0 Z" fill="ACCENT"/>',
  '<rect x="280" y="230" width="240" height="340" rx="20" fill="ACCENT"/><rect x="310" y="190" width="180" height="60" rx="12" fill="#374151"/>',
  '<rect x="330" y="250" width="140" height="330" rx="40" fill="ACCENT"/><rect x="360" y="190" width="80" height="70" rx="10" fill="#374151"/>',
  '<circle cx="400" cy="400" r="180" fill="ACCENT"/><path d="M260 300 Q400 400 540 300 M260 500 Q400 400 540 500" stroke="#fff" stroke-width="14" fill="none"/>',
  '<rect x="270" y="200" width="260" height="380" rx="8" fill="ACCENT"/><rect x="270" y="200" width="36" height="380" fill="#00000033"/>',
  '<circle cx="400" cy="330" r="120" fill="ACCENT"/><circle cx="310" cy="230" r="50" fill="ACCENT"/><circle cx="490" cy="230" r="50" fill="ACCENT"/><ellipse cx="400" cy="520" rx="150" ry="110" fill="ACCENT"/>',
];

function productSvg(kind: number, color: string, accent: string, random: Random): string {
  const bubbles = Array.from({ length: 6 }, () => {
    const r = random.int(20, 90);
    return `<circle cx="${random.int(0, 800)}" cy="${random.int(0, 800)}" r="${r}" fill="#ffffff" fill-opacity="0.18"/>`;
  }).join('');
  const shape = (shapes[kind % shapes.length] ?? '').replaceAll('ACCENT', accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>${bubbles}${shape}</svg>`;
}

function bannerSvg(color: string, random: Random, width: number, height: number): string {
  const stripes = Array.from({ length: 5 }, (_, i) => {
    const x = random.int(0, width);
    return `<rect x="${x}" y="-50" width="${random.int(30, 120)}" height="${height + 100}" fill="#ffffff" fill-opacity="${0.08 + i * 0.03}" transform="rotate(20 ${x} 0)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>${stripes}
    <circle cx="${width * 0.78}" cy="${height / 2}" r="${height * 0.32}" fill="#ffffff" fill-opacity="0.85"/></svg>`;
}

const accents = ['#f59e0b', '#10b981', '#6366f1', '#ef4444', '#e5e7eb', '#0ea5e9'];

type Images = { store: ImageStore; work: ImageWork };

async function store(images: Images, svg: string, folder: string, format: 'jpeg' | 'png'): Promise<string> {
  const sharp = await loadSharp();
  const rendered = await sharp(Buffer.from(svg))[format]().toBuffer();
  const image = await saveImage(images, rendered, folder);
  return `/uploads/${image.filePath}`;
}

/**
 * Product images for one category (`count` variants): drawn now (the drawings take numbers
 * from `random`, in order), each rendered and stored when its function is called (stored paths).
 */
export function drawProductImages(
  images: Images,
  kind: number,
  color: string,
  count: number,
  random: Random,
): Array<() => Promise<string>> {
  return Array.from({ length: count }, (_, i) => {
    const svg = productSvg(kind, color, accents[i % accents.length] ?? '#fff', random);
    return () => store(images, svg, 'products', 'jpeg');
  });
}

/** A category's image: drawn now, rendered and stored when the function is called. */
export function drawCategoryImage(images: Images, kind: number, color: string, random: Random) {
  const svg = productSvg(kind, color, '#ffffff', random);
  return () => store(images, svg, 'categories', 'png');
}

export async function makeBannerImage(images: Images, folder: string, color: string, random: Random, wide = true) {
  return store(images, bannerSvg(color, random, wide ? 1200 : 600, wide ? 400 : 600), folder, 'jpeg');
}
