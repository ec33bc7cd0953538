import { describe, expect, it } from 'vitest';
import type { BlogImage } from '../../shared/schemas/blog';
import { imageSrcSet, mediaUrl } from './media-url';

describe('media addresses (docs/product/api.md#calls)', () => {
  it('puts a stored path under /api and leaves addresses and data URLs as they are', () => {
    expect(mediaUrl('media/abc.webp')).toBe('/api/media/abc.webp');
    expect(mediaUrl('/api/media/abc.webp')).toBe('/api/media/abc.webp');
    expect(mediaUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(mediaUrl('//cdn.example/a.png')).toBe('//cdn.example/a.png');
    expect(mediaUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('offers the resized variants and the original, or nothing without variants', () => {
    const image: BlogImage = { path: 'media/a', altText: '', width: 2000, height: 1000, variants: [] };
    expect(imageSrcSet(image)).toBeUndefined();
    expect(imageSrcSet({ ...image, variants: [{ path: 'media/a?w=480', width: 480 }] })).toBe(
      '/api/media/a?w=480 480w, /api/media/a 2000w',
    );
  });
});
