import { consoleAuditCalls, consoleSessionCalls, consoleStaffCalls } from '@site/contract/console';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleCallError, SESSION_ENDED_EVENT, call, callUrl } from './call';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: { code: '0', message: '' }, data }), { status: 200 });

function stubBrowser(cookie = '') {
  const events = new EventTarget();
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('window', events);
  return events;
}

afterEach(() => vi.unstubAllGlobals());

describe('call (the console client over the call descriptions)', () => {
  it('fills path params, sends the rest as JSON with the CSRF cookie as its header', async () => {
    stubBrowser('other=1; console_csrf=s.abc%2Bdef');
    const fetch = vi.fn(async () => ok({ staff: { staffId: 'st_1234567' } }));
    vi.stubGlobal('fetch', fetch);
    await call(consoleStaffCalls.change, { staffId: 'st_1234567', version: 3, disabled: true });
    expect(fetch).toHaveBeenCalledWith('/console/api/staff/st_1234567', {
      method: 'PATCH',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-csrf-token': 's.abc+def',
      },
      body: JSON.stringify({ version: 3, disabled: true }),
      credentials: 'same-origin',
    });
  });

  it('sends a GET’s input as its query string, leaving out empty values', async () => {
    stubBrowser();
    const fetch = vi.fn(async () => ok({ entries: [], total: 0, page: 2, pageSize: 50 }));
    vi.stubGlobal('fetch', fetch);
    const data = await call(consoleAuditCalls.search, {
      entity: 'staff',
      entityId: '',
      page: 2,
      pageSize: 50,
    });
    expect(data.page).toBe(2);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/console/api/audit?entity=staff&page=2&pageSize=50');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('x-csrf-token');
    expect(callUrl(consoleAuditCalls.exportCsv, { from: 1, to: undefined })).toBe(
      '/console/api/audit.csv?from=1',
    );
  });

  it('throws the envelope’s code, message and fields', async () => {
    stubBrowser();
    const fields = [{ name: 'version', problem: '4' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              status: { code: 'STALE_EDIT', message: '已被修改' },
              data: { fields },
            }),
            { status: 409 },
          ),
      ),
    );
    const error = await call(consoleStaffCalls.change, { staffId: 'st_1234567', version: 3 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConsoleCallError);
    expect(error).toMatchObject({
      httpStatus: 409,
      code: 'STALE_EDIT',
      message: '已被修改',
      fields,
    });
  });

  it('tells the app when a call finds the session ended, but not during sign-in', async () => {
    const events = stubBrowser();
    const heard = vi.fn();
    events.addEventListener(SESSION_ENDED_EVENT, heard);
    const refused = () =>
      new Response(
        JSON.stringify({ status: { code: 'STAFF_NOT_SIGNED_IN', message: '請先登入' }, data: {} }),
        { status: 401 },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused()),
    );
    await expect(call(consoleStaffCalls.list)).rejects.toThrow('請先登入');
    expect(heard).toHaveBeenCalledTimes(1);
    await expect(call(consoleSessionCalls.secondFactor, { code: '123456' })).rejects.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
