import http from 'node:http';

/** A browser's cookies and CSRF token as the site hands them out. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly publicUrl: string) {}

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  headers(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': this.cookies.get('csrf') ?? '',
      'content-type': 'application/json',
      origin: this.publicUrl,
    };
  }

  /** A call to `base` (the edge or one instance) with this browser's cookies; keeps what it sets. */
  async call(
    base: string,
    path: string,
    body?: unknown,
  ): Promise<{
    status: number;
    json: { status?: { code: string }; data?: unknown } | null;
    upstream: string | null;
  }> {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: this.headers(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.keep(res);
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text) as { status?: { code: string }; data?: unknown };
    } catch {
      json = null;
    }
    return { status: res.status, json, upstream: res.headers.get('x-edge-upstream') };
  }
}

/** A GET with the target exactly as written (no normalising of the path). */
export function rawGet(
  base: string,
  target: string,
): Promise<{ status: number; body: Buffer; cache: string | undefined }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: target, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: Buffer.concat(chunks),
            cache: res.headers['x-edge-cache'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Runs `task` for each item, at most `width` at once. */
export async function pool<T, R>(
  items: T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next;
        next += 1;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}
