import type { ReactNode } from 'react';
import { filledPlaceholders, type WordingEntryShape } from './placeholders';
import { previewOf, type WordingPreview as Preview } from './preview';

const TARGETS = { none: '（不是連結）', app: '（站內頁面）', web: '（檔案或外部網站）' } as const;

function Shows({ preview }: { preview: Preview }): ReactNode {
  switch (preview.kind) {
    case 'liveMinutes':
      return (
        <>
          <p>
            未登入的訪客在直播頁看滿 <strong>{preview.minutes} 分鐘</strong>（{preview.seconds}{' '}
            秒）後，播放器暫停並顯示：
          </p>
          <div className="wording-preview__dialog">
            <p>{preview.message}</p>
            <span className="wording-preview__button">登入</span>
          </div>
        </>
      );
    case 'footerLine': {
      const line = (
        <span className={preview.url ? 'wording-preview__link' : undefined}>{preview.text}</span>
      );
      return (
        <p>
          頁尾：{preview.small ? <small>{line}</small> : line}{' '}
          <span className="hint">
            {preview.url} {TARGETS[preview.target]}
          </span>
        </p>
      );
    }
    case 'blogLink':
      return (
        <p>
          頁尾：<span className="wording-preview__link">{preview.title}</span>{' '}
          <span className="hint">{preview.url}</span>
        </p>
      );
    case 'openingPage':
      return (
        <p>
          開場頁顯示圖片 <code>{preview.image}</code> {preview.seconds} 秒
          {preview.link ? `，點擊後前往 ${preview.link}` : '，點擊沒有連結'}。
        </p>
      );
    case 'activityEntry':
      return (
        <p>
          入口：<span className="wording-preview__link">{preview.title}</span>{' '}
          <span className="hint">{preview.link}</span>
        </p>
      );
    case 'plainText':
      return preview.parts.map((part, i) => <p key={i}>{part}</p>);
  }
}

/**
 * How the customer site will show the text being edited (issue 25 item 9): each placeholder with
 * the value it gets, then the text drawn as the site draws it.
 */
export function WordingPreview({ entry, text }: { entry: WordingEntryShape; text: string }) {
  const preview = previewOf(entry, text);
  return (
    <section className="wording-preview" aria-labelledby="wording-preview-title">
      <h3 id="wording-preview-title">預覽</h3>
      <table className="changes">
        <caption>代入值</caption>
        <thead>
          <tr>
            <th scope="col">代入值</th>
            <th scope="col">說明</th>
            <th scope="col">這次的值</th>
          </tr>
        </thead>
        <tbody>
          {filledPlaceholders(entry, text).map((part) => (
            <tr key={part.name}>
              <th scope="row">
                <code>{part.name}</code>
              </th>
              <td>{part.label}</td>
              <td>{part.value || '（空白）'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="wording-preview__site" data-testid="wording-preview">
        {preview ? <Shows preview={preview} /> : <p>修正上面的問題後即可預覽。</p>}
      </div>
    </section>
  );
}
