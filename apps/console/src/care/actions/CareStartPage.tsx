import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Field, describedBy } from '../../ui/form';

/**
 * The 客服 section's entry on a branch without the member search (issue 26 item 1 builds it):
 * open a member's actions page by account id. The search page replaces this at /care.
 */
export function CareStartPage() {
  const navigate = useNavigate();
  const [accountId, setAccountId] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = accountId.trim();
    if (!/^[A-Za-z0-9_-]{1,60}$/.test(id)) {
      setProblem('請輸入會員編號');
      return;
    }
    void navigate(`/care/members/${encodeURIComponent(id)}/actions`);
  };
  return (
    <>
      <h1>客服</h1>
      <form onSubmit={submit} noValidate>
        <Field id="care-start-account" label="會員編號" error={problem}>
          <input
            {...describedBy('care-start-account', problem)}
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="button">
            開啟客服處理
          </button>
        </div>
      </form>
    </>
  );
}
