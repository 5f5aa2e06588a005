/**
 * The sandbox payment provider's page, served by Oryx (`PAY_PROVIDER=sandbox`, demo mode): it plays the
 * provider's payment page for an order, labelled as a simulation. Paying or declining posts the signed
 * notification to `/api/pay/notify/sandbox` exactly as a provider would (over HTTP, through the app), then
 * shows the result with a link back to the exchange's wallet. An online-banking order that named no bank
 * (`bank_code` is optional) asks for it here, as a provider's page does, and records it before paying.
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '@oryx/i18n';
import { isLocale } from '@oryx/i18n/locales';
import { BANKS } from '@oryx/contracts/banks';
import { PAY_TYPES } from '@oryx/contracts/funding/pay-calls';
import type { AppContext } from '../../../lib/context';
import { paymentProvider } from './registry';
import { SandboxPayProvider } from './sandbox-provider';
import { isPayBank } from './deposits';
import { payRepo } from './repo';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const rupiah = (n: bigint) => `Rp ${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

function page(lang: string, body: string): string {
  const t = (k: string) => esc(translate(lang, `funding.paySandbox.${k}`));
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t('title')}</title>
<style>body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#0f1420;color:#e6e9f0}
main{max-width:420px;margin:0 auto;padding:24px 16px}.badge{background:#7a4b00;color:#ffd58a;padding:8px 12px;border-radius:6px;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0}dt{color:#8a93a6}dd{margin:0;text-align:right}
form{display:flex;flex-wrap:wrap;gap:12px}.bank{flex-basis:100%;display:grid;gap:6px}select{padding:10px;border-radius:6px;font-size:15px}button{flex:1;padding:12px;border:0;border-radius:6px;font-size:15px;cursor:pointer}
.pay{background:#2f80ed;color:#fff}.fail{background:#39404f;color:#e6e9f0}a{color:#6fa8ff}</style></head>
<body><main><p class="badge">${t('badge')}</p><h1>${t('title')}</h1>${body}</main></body></html>`;
}

/** Online banking with no bank named yet: the page asks for it. */
const needsBank = (order: { pay_type: number; bank_code: string }) =>
  order.pay_type === PAY_TYPES.bank && order.bank_code === '';

/** Records the bank chosen on the page when the order still needs one; false when none valid was chosen. */
async function takeBank(
  ctx: AppContext,
  order: { id: number; pay_type: number; bank_code: string },
  raw: unknown,
): Promise<boolean> {
  if (!needsBank(order)) return true;
  const bank = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!isPayBank(bank)) return false;
  await payRepo.setOrderBankOnce(ctx.db, order.id, bank);
  return true;
}

function bankSelect(label: string): string {
  const options = BANKS.map((b) => `<option value="${esc(b.code)}">${esc(b.name)}</option>`).join('');
  return `<label class="bank">${label}<select name="bank" required>${options}</select></label>`;
}

export function sandboxPayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const load = async (ref: string) => {
    const m = /^pay-(\d{1,9})$/.exec(ref);
    if (!m || paymentProvider(ctx).name !== 'sandbox' || ctx.env.ORYX_MODE !== 'demo') return undefined;
    return payRepo.order(ctx.db, Number(m[1]));
  };
  const langOf = (q: unknown) => {
    const l = (q as { lang?: unknown } | undefined)?.lang;
    return isLocale(l) ? l : 'en';
  };

  app.get<{ Params: { ref: string } }>('/api/pay/sandbox/:ref', async (req, reply) => {
    const lang = langOf(req.query);
    const t = (k: string) => esc(translate(lang, `funding.paySandbox.${k}`));
    const order = await load(req.params.ref);
    if (!order)
      return reply
        .code(404)
        .type('text/html')
        .send(page(lang, `<p>${t('done')}</p>`));
    const rows = [
      ['order', esc(req.params.ref)],
      ['amount', rupiah(BigInt(order.amount_idr))],
      ['channel', esc(order.channel)],
      ['payType', order.pay_type === 1 ? t('online') : t('scan')],
      ...(order.bank_code ? [['bank', esc(order.bank_code)]] : []),
    ];
    const dl = `<dl>${rows.map(([k, v]) => `<dt>${t(k!)}</dt><dd>${v}</dd>`).join('')}</dl>`;
    const action = `/api/pay/sandbox/${esc(req.params.ref)}?lang=${esc(lang)}`;
    const form =
      order.status === 0
        ? `<form method="post" action="${action}">${needsBank(order) ? bankSelect(t('chooseBank')) : ''}` +
          `<button class="pay" name="outcome" value="paid">${t('pay')}</button>` +
          `<button class="fail" name="outcome" value="failed">${t('fail')}</button></form>`
        : `<p>${t('done')}</p>`;
    return reply.type('text/html').send(page(lang, dl + form));
  });

  app.post<{ Params: { ref: string } }>('/api/pay/sandbox/:ref', async (req, reply) => {
    const lang = langOf(req.query);
    const t = (k: string) => esc(translate(lang, `funding.paySandbox.${k}`));
    const order = await load(req.params.ref);
    const body = (req.body ?? {}) as { outcome?: unknown; bank?: unknown };
    const outcome = body.outcome === 'paid' ? 'paid' : 'failed';
    if (!order || order.status !== 0)
      return reply
        .code(409)
        .type('text/html')
        .send(page(lang, `<p>${t('done')}</p>`));
    if (outcome === 'paid' && !(await takeBank(ctx, order, body.bank)))
      return reply.redirect(`/api/pay/sandbox/${encodeURIComponent(req.params.ref)}?lang=${lang}`);
    const notice = new SandboxPayProvider(ctx.env.PAY_SANDBOX_SECRET).notice(
      req.params.ref,
      BigInt(order.amount_idr),
      outcome,
    );
    await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: notice });
    const text = outcome === 'paid' ? t('paid') : t('failed');
    return reply
      .type('text/html')
      .send(page(lang, `<p>${text}</p><p><a href="/#/accountCenter">${t('back')}</a></p>`));
  });
}
