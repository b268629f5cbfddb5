// Plain server-rendered pages of the sandbox's own origin: no scripts, just forms.

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** A template tag that escapes every interpolated value except pre-rendered fragments. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const rendered = Array.isArray(value)
      ? value.map((v) => (v instanceof Html ? v.value : escapeHtml(v))).join('')
      : value instanceof Html
        ? value.value
        : escapeHtml(value);
    out += rendered + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

export function formatMoney(unitAmount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    unitAmount / 100,
  );
}

export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
  .banner{background:#ffde92;color:#5c3c00;text-align:center;padding:6px;font-size:13px;font-weight:600}
  main{max-width:880px;margin:32px auto;padding:0 16px;display:grid;gap:32px;grid-template-columns:1fr 1fr}
  @media (max-width:720px){main{grid-template-columns:1fr}}
  .card{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:24px}
  h1{font-size:20px;margin:0 0 8px} h2{font-size:16px;margin:0 0 12px} .price{font-size:32px;font-weight:700;margin:8px 0}
  .muted{color:#697386;font-size:14px} label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
  input{width:100%;padding:10px;border:1px solid #cfd7df;border-radius:6px;font-size:16px}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
  button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
  .error{background:#fde8e8;color:#9b1c1c;border-radius:6px;padding:10px;margin-top:12px;font-size:14px}
  .notice{background:#e6f6ea;color:#1e6b34;border-radius:6px;padding:10px;margin-bottom:12px;font-size:14px}
  table{width:100%;border-collapse:collapse;font-size:13px} td{padding:4px 0;border-bottom:1px solid #eef1f5} code{font-size:13px}
  a{color:#635bff}
`;

export function page(title: string, body: Html): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<div class="banner">TEST MODE — payments sandbox. No real card is charged.</div>
${body.value}
</body></html>`;
}
