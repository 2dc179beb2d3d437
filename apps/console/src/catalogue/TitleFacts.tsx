import type { ConsoleTitle } from '@site/contract/console';
import { KIND_LABELS, STATE_LABELS } from '../labels';
import { formatTaipei } from '../time';

/** What the title page says of a title before its form: id, kind, state, version, last change. */
export function TitleFacts({ title }: { title: ConsoleTitle }) {
  return (
    <dl className="facts">
      <dt>影片編號</dt>
      <dd>{title.contentId}</dd>
      <dt>類型</dt>
      <dd>{KIND_LABELS[title.kind]}</dd>
      <dt>狀態</dt>
      <dd>
        <span className={`badge badge--${title.state}`}>{STATE_LABELS[title.state]}</span>
      </dd>
      <dt>版本</dt>
      <dd>{title.version}</dd>
      <dt>最後修改</dt>
      <dd>{formatTaipei(title.updatedAt)}</dd>
    </dl>
  );
}
