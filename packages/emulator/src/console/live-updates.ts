/**
 * The console's one script, served as `/console-live.js` (CSP `script-src 'self'`): it follows
 * `GET /emulator/requests/events` and puts each new or newly diagnosed request into the request
 * table, under the page's filters, as text (never HTML); it adds a copy button to each curl text. The page works without it: the table is
 * rendered by the server, the filters and paging are links and a GET form.
 */
export const LIVE_UPDATES_SCRIPT: string = `(() => {
  // Copy as curl: a button beside each curl text (without script, the text is there to select).
  for (const pre of document.querySelectorAll('pre.curl')) {
    const button = Object.assign(document.createElement('button'), { type: 'button', className: 'copy-curl', textContent: 'copy' });
    button.addEventListener('click', () => navigator.clipboard.writeText(pre.textContent || '').then(() => (button.textContent = 'copied')));
    pre.before(button);
  }
  const table = document.getElementById('request-list');
  const query = new URLSearchParams(location.search);
  if (table === null || query.has('rbefore')) return;
  const wanted = (entry) =>
    (query.get('rrefused') !== '1' || entry.status >= 400) &&
    (!query.get('roperation') || entry.operation === query.get('roperation')) &&
    (!query.get('rlogin') || entry.login === query.get('rlogin')) &&
    (!query.get('rorder') || (entry.orders || []).includes(query.get('rorder')));
  const cell = (text) => {
    const td = document.createElement('td');
    td.textContent = String(text);
    return td;
  };
  const source = new EventSource('/emulator/requests/events');
  source.addEventListener('request', (event) => {
    const entry = JSON.parse(event.data);
    if (!wanted(entry)) return;
    const row = document.createElement('tr');
    row.id = 'request-' + entry.id;
    if (entry.status >= 400) row.className = 'refused';
    row.append(cell(entry.id), cell(entry.at.slice(11, 19)), cell(entry.method), cell(entry.path), cell(entry.status));
    const why = document.createElement('td');
    for (const cause of entry.causes || []) {
      const line = document.createElement('div');
      line.className = 'cause';
      const code = document.createElement('code');
      code.textContent = cause.code;
      line.append(code, ' ' + cause.message);
      why.append(line);
    }
    if (entry.diagnosis === 'pending') why.append(Object.assign(document.createElement('div'), { className: 'muted', textContent: 'diagnosing…' }));
    const existing = document.getElementById(row.id);
    const details = existing && existing.querySelector('details');
    if (details) why.append(details);
    row.append(why);
    if (existing) existing.replaceWith(row);
    else (table.querySelector('tr') || table).after(row);
  });
})();
`;
