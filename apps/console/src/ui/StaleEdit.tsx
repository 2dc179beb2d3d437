import type { FieldProblem } from '../api/call';
import { Alert } from './Alert';

/** One field that another edit changed: what the editor loaded, and what it is now. */
export interface StaleChange {
  name: string;
  label: string;
  loaded: string;
  current: string;
}

/**
 * The changes behind a STALE_EDIT refusal: the server names every audited field's current value
 * (as JSON) and the current version; the ones that differ from what was loaded are listed.
 */
export function staleChanges(
  fields: FieldProblem[],
  loaded: Record<string, unknown>,
  labels: Record<string, string>,
  show: (name: string, value: unknown) => string = (_, value) => showValue(value),
): StaleChange[] {
  const changes: StaleChange[] = [];
  for (const field of fields) {
    if (field.name === 'version') continue;
    let current: unknown;
    try {
      current = JSON.parse(field.problem);
    } catch {
      current = field.problem;
    }
    if (JSON.stringify(current) === JSON.stringify(loaded[field.name])) continue;
    changes.push({
      name: field.name,
      label: labels[field.name] ?? field.name,
      loaded: show(field.name, loaded[field.name]),
      current: show(field.name, current),
    });
  }
  return changes;
}

export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空白）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The refusal of a stale edit: what changed since loading, and a way to load the new version. */
export function StaleEditNotice({
  changes,
  onReload,
}: {
  changes: StaleChange[];
  onReload: () => void;
}) {
  return (
    <Alert>
      <p>這筆資料在您編輯時已被其他人修改，您的變更尚未儲存。</p>
      {changes.length > 0 ? (
        <table className="changes">
          <caption>其他人做的變更</caption>
          <thead>
            <tr>
              <th scope="col">欄位</th>
              <th scope="col">您載入時</th>
              <th scope="col">目前</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.name}>
                <th scope="row">{change.label}</th>
                <td>{change.loaded}</td>
                <td>{change.current}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>變更的欄位不在這個表單上。</p>
      )}
      <p>重新載入後，請再做一次您的修改。</p>
      <button type="button" className="button" onClick={onReload}>
        重新載入最新版本
      </button>
    </Alert>
  );
}
