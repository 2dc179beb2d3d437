import { TITLE_PICTURE_MAX_BYTES, type ConsoleTitle } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { missingForPublish, pictureFileProblem, pictureUrl } from './pictures';

describe("a title's pictures in the console", () => {
  it('checks the type and size before sending', () => {
    expect(pictureFileProblem({ size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(pictureFileProblem({ size: 1000, type: 'image/webp' })).toBeNull();
    expect(pictureFileProblem({ size: 1000, type: 'image/gif' })).toBe(
      '只接受 JPEG、PNG 或 WebP 圖片。',
    );
    expect(pictureFileProblem({ size: 0, type: 'image/png' })).toBe('這個檔案是空的。');
    expect(pictureFileProblem({ size: TITLE_PICTURE_MAX_BYTES, type: 'image/png' })).toBeNull();
    expect(pictureFileProblem({ size: TITLE_PICTURE_MAX_BYTES + 1, type: 'image/png' })).toBe(
      '圖片檔案不能超過 8 MB。',
    );
  });

  it('serves a stored picture under /media/, and none when there is none', () => {
    const title = {
      posterPath: 'images/titles/posters/ab12.jpg',
      stillPath: '',
      bannerPath: null,
    } as ConsoleTitle;
    expect(pictureUrl(title, 'poster')).toBe('/media/images/titles/posters/ab12.jpg');
    expect(pictureUrl(title, 'still')).toBeNull();
    expect(pictureUrl(title, 'banner')).toBeNull();
  });

  it("names a refused publish's missing items", () => {
    expect(
      missingForPublish([
        { name: 'posterPath', problem: '請先上傳海報' },
        { name: 'stillPath', problem: '請先上傳劇照' },
        { name: 'clipId', problem: '請先掛上影片檔' },
        { name: 'other', problem: '' },
      ]),
    ).toEqual(['海報', '劇照', '影片檔']);
  });
});
