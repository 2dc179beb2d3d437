import { describe, expect, it } from 'vitest';
import { copyShareLink, facebookShareUrl, lineShareUrl, shareLinkOf } from './share';

describe('sharing a channel (SPEC §2, §5)', () => {
  it('links {origin}/LiveChannel/{channelId}', () => {
    expect(shareLinkOf('https://tv.example', 'ch01')).toBe('https://tv.example/LiveChannel/ch01');
    expect(shareLinkOf('https://tv.example', '')).toBe('');
    expect(facebookShareUrl('https://tv.example/LiveChannel/ch01')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ftv.example%2FLiveChannel%2Fch01',
    );
    expect(lineShareUrl('https://a.b/c')).toBe(
      'https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fa.b%2Fc',
    );
  });

  it('empty → no link; clipboard → link copied; selection → text copied', async () => {
    const copied: string[] = [];
    const means = {
      writeText: async (text: string) => void copied.push(text),
      copySelected: () => true,
    };
    expect(await copyShareLink('', means)).toBe('empty');
    expect(await copyShareLink('https://a.b/c', means)).toBe('link');
    expect(copied).toEqual(['https://a.b/c']);
    const refused = {
      writeText: () => Promise.reject(new Error('denied')),
      copySelected: () => true,
    };
    expect(await copyShareLink('https://a.b/c', refused)).toBe('text');
    expect(await copyShareLink('https://a.b/c', { copySelected: () => false })).toBe('failed');
  });
});
