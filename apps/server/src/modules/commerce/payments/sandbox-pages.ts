import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../../http/html.js';
import type { PaymentOutcome } from './provider.js';
import { SANDBOX_PATHS, type CheckoutCheck, type SandboxProvider } from './sandbox.js';

/*
 * The sandbox provider's own pages (ADR 0021): what a card acquirer's hosted checkout would show.
 * Plain server-rendered zh-TW HTML: every value escaped, no script, one stylesheet of its own
 * (the site's CSP allows neither inline script nor inline style), buttons in one form.
 */

const DECISIONS: Record<string, PaymentOutcome> = {
  approve: 'approved',
  decline: 'declined',
  cancel: 'cancelled',
};

const STYLE = `
:root { color-scheme: light; font-family: system-ui, "Noto Sans TC", "PingFang TC", sans-serif; }
body { margin: 0; background: #eef1f6; color: #1b2333; }
main { max-width: 30rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
h1 { font-size: 1.375rem; margin: 0 0 1rem; }
.sandbox-badge { display: inline-block; margin: 0 0 1rem; padding: 0.25rem 0.625rem;
  border-radius: 999px; background: #fff3cd; color: #5c4400; font-size: 0.875rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; margin: 0 0 1.5rem; }
dt { color: #4a5568; }
dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.actions { display: grid; gap: 0.75rem; }
button, .link { min-height: 2.75rem; padding: 0.625rem 1rem; border-radius: 8px; font: inherit;
  font-weight: 600; border: 2px solid #2a4b8d; background: #fff; color: #2a4b8d; cursor: pointer;
  text-align: center; text-decoration: none; }
button.primary { background: #2a4b8d; color: #fff; }
button:focus-visible, .link:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.error { padding: 0.75rem; border-left: 4px solid #c53030; background: #fff5f5; }
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; min-height: 100vh; } }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}｜付款沙盒</title>
<link rel="stylesheet" href="${SANDBOX_PATHS.style}">
</head>
<body>
<main>
<p class="sandbox-badge">測試環境：不會實際扣款</p>
${body}
</main>
</body>
</html>
`;
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function refused(reply: FastifyReply, check: Extract<CheckoutCheck, { ok: false }>) {
  const message =
    check.reason === 'expired'
      ? '這個付款連結已逾時，請回到商店重新結帳。'
      : '付款資料驗證失敗（資料可能遭到竄改），無法進行付款。';
  return send(
    reply,
    400,
    page(
      '無法付款',
      `<h1>無法付款</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a class="link" href="/">回到首頁</a></p>`,
    ),
  );
}

const formatNtd = (amount: number) => `NT$${amount.toLocaleString('en-US')}`;

export interface SandboxPageDeps {
  provider: SandboxProvider;
  clock: () => number;
  /**
   * Sends a signed callback to the shop and answers its HTTP status. The sandbox lives in the
   * shop's own process, so it posts through the app's HTTP stack (Fastify inject): the same
   * route, headers and bytes a provider's POST over the network would bring.
   */
  deliver: (body: string, headers: Record<string, string>) => Promise<number>;
}

export function registerSandboxPages(app: FastifyInstance, deps: SandboxPageDeps): void {
  const { provider, clock, deliver } = deps;

  app.get(SANDBOX_PATHS.style, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(STYLE),
  );

  app.get(SANDBOX_PATHS.checkout, { schema: { hide: true } }, async (request, reply) => {
    const check = provider.verifyCheckout(request.query, clock());
    if (!check.ok) return refused(reply, check);
    const { request: order, params } = check;
    const hidden = Object.entries(params)
      .map(
        ([name, value]) =>
          `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
      )
      .join('\n');
    return send(
      reply,
      200,
      page(
        '模擬信用卡付款',
        `<h1>模擬信用卡付款</h1>
<dl>
<dt>商品</dt><dd>${escapeHtml(order.item)}</dd>
<dt>金額</dt><dd>${escapeHtml(formatNtd(order.amount))}</dd>
<dt>訂單編號</dt><dd>${escapeHtml(order.orderId)}</dd>
</dl>
<form method="post" action="${SANDBOX_PATHS.decide}" class="actions">
${hidden}
<button type="submit" name="decision" value="approve" class="primary">核准付款</button>
<button type="submit" name="decision" value="decline">拒絕付款</button>
<button type="submit" name="decision" value="cancel">取消付款</button>
</form>`,
      ),
    );
  });

  app.post(SANDBOX_PATHS.decide, { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { decision, ...fields } = body;
    const now = clock();
    const check = provider.verifyCheckout(fields, now);
    if (!check.ok) return refused(reply, check);
    const outcome = typeof decision === 'string' ? DECISIONS[decision] : undefined;
    if (!outcome) return refused(reply, { ok: false, reason: 'invalid' });
    const { orderId, amount, returnUrl } = check.request;
    const signed = provider.signCallback({ orderId, outcome, amount }, now);
    const status = await deliver(signed.body, signed.headers);
    if (status !== 200) {
      request.log.warn({ orderId, status }, 'sandbox callback not accepted');
      return send(
        reply,
        502,
        page(
          '付款通知未送達',
          `<h1>付款通知未送達</h1>
<p class="error" role="alert">商店沒有接受付款通知（HTTP ${status}），訂單狀態未變更。</p>
<p><a class="link" href="${escapeHtml(returnUrl)}">回到商店</a></p>`,
        ),
      );
    }
    return reply.header('cache-control', 'no-store').redirect(returnUrl, 303);
  });
}
