import { ConsoleCallError, csrfToken } from './call';

/**
 * POSTs an export call (every export is audited, so it is a change, with the CSRF token) and
 * hands the CSV it answers to the browser as a download named by the reply's
 * Content-Disposition, else `fallbackName`. Answers the reply, for its other headers. A refusal
 * comes back as the envelope's ConsoleCallError, as from `call`.
 */
export async function downloadExport(
  url: string,
  body: object,
  fallbackName: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'text/csv, application/json',
        'content-type': 'application/json',
        'x-csrf-token': csrfToken(),
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleCallError(0, 'NETWORK', '無法連線到伺服器，請檢查網路後再試。');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as
      { status?: { code?: string; message?: string } } | undefined;
    throw new ConsoleCallError(
      response.status,
      envelope?.status?.code ?? `HTTP_${response.status}`,
      envelope?.status?.message ?? `伺服器回應錯誤（${response.status}）。`,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return response;
}
