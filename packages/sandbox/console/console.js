// The sandbox console's page: plain DOM and fetch, no framework (a handful of tables, two charts and a
// diagram do not need one, and nothing has to be built or downloaded). Data is written with
// textContent, never as HTML; every request goes to this page's own origin.
const API = 'api/';
const TOKEN = document.querySelector('meta[name="svc-console-token"]').content;
const $ = (id) => document.getElementById(id);

let world = new URLSearchParams(location.hash.slice(1)).get('world') ?? '';
let view;
let diagrams = {};
let shown; // the resource whose lifecycle is drawn: { kind, id }
const charts = [];

async function call(path, init = {}) {
  const change = init.method && init.method !== 'GET';
  const response = await fetch(API + path, {
    ...init,
    headers: change ? { 'content-type': 'application/json', 'x-svc-console-token': TOKEN } : {},
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error?.message ?? `answered ${response.status}`);
  return body;
}

const notice = (text) => {
  $('notice').textContent = text;
};

function cell(row, text, className) {
  const td = document.createElement('td');
  if (text instanceof Node) td.append(text);
  else td.textContent = text ?? '–';
  if (className) td.className = className;
  row.append(td);
  return td;
}

function button(text, onClick, className) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (className) b.className = className;
  b.addEventListener('click', onClick);
  return b;
}

function code(text) {
  const c = document.createElement('code');
  c.textContent = text;
  return c;
}

async function loadWorlds() {
  const { worlds } = await call('worlds');
  const select = $('world-select');
  select.replaceChildren();
  if (world && !worlds.some((w) => w.world === world)) worlds.push({ world, users: 0, orders: 0 });
  for (const w of worlds) {
    const option = document.createElement('option');
    option.value = w.world;
    option.textContent = `${w.world.slice(0, 12)}… (${w.users} users, ${w.orders} orders)`;
    select.append(option);
  }
  if (!world && worlds[0]) world = worlds[0].world;
  select.value = world;
  if (!world) notice('No world yet: send a request to the sandbox with your API key, then refresh.');
}

async function loadWorld() {
  if (!world) return;
  location.hash = `world=${world}`;
  try {
    view = await call(`worlds/${world}`);
  } catch (error) {
    notice(error.message);
    return;
  }
  notice('');
  $('clock-now').textContent = view.now;
  $('clock-mode').textContent = view.clock;
  renderUsers();
  renderLab();
  await loadDeliveries();
}

function renderUsers() {
  const select = $('user-select');
  const chosen = select.value;
  select.replaceChildren();
  for (const user of view.users) {
    const option = document.createElement('option');
    option.value = user.user_id;
    option.textContent = `${user.client_user_id} (${user.providers.join(', ') || 'no provider'})`;
    select.append(option);
  }
  if (view.users.some((u) => u.user_id === chosen)) select.value = chosen;
  loadCharts();
}

const PALETTE = ['#1e40af', '#b45309', '#047857', '#7c3aed', '#be123c'];

async function loadCharts() {
  for (const chart of charts.splice(0)) chart.destroy();
  $('charts').replaceChildren();
  const userId = $('user-select').value;
  if (!userId) return;
  const days = await call(`worlds/${world}/users/${encodeURIComponent(userId)}/days?days=30`);
  const xs = days.dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
  const panels = [
    ['Steps by local day', days.steps, 'steps'],
    ['Sleep by local day', days.sleep_hours, 'hours'],
  ].map(([title, series, unit]) => {
    const box = document.createElement('div');
    box.className = 'chart';
    const heading = document.createElement('h3');
    heading.textContent = `${title} (${days.client_user_id})`;
    const figure = document.createElement('div');
    figure.setAttribute('role', 'img');
    const withData = series.flatMap((s) => s.values).filter((v) => v !== null);
    figure.setAttribute(
      'aria-label',
      `${title}: ${withData.length} values, ${series.map((s) => s.provider).join(', ')}`,
    );
    box.append(heading, figure);
    $('charts').append(box);
    return { series, unit, figure };
  });
  // Sized once every panel is in the grid, so each takes its own column's width.
  for (const { series, unit, figure } of panels) {
    const chart = new window.uPlot(
      {
        width: Math.max(320, figure.clientWidth),
        height: 220,
        scales: { x: { time: true } },
        axes: [{ stroke: '#374151' }, { stroke: '#374151', label: unit }],
        series: [
          { label: 'day' },
          ...series.map((s, i) => ({ label: s.provider, stroke: PALETTE[i % PALETTE.length], width: 2 })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      figure,
    );
    charts.push(chart);
  }
}

function renderTable(id, rows, columns, kind) {
  const body = $(id).querySelector('tbody');
  body.replaceChildren();
  for (const item of rows) {
    const row = document.createElement('tr');
    row.dataset.id = item.id;
    for (const column of columns) cell(row, column(item));
    cell(
      row,
      button('Show', () => showLifecycle(kind, item.id), 'secondary'),
    );
    body.append(row);
  }
}

function renderLab() {
  renderTable(
    'orders',
    view.orders,
    [(o) => code(o.id), (o) => o.client_user_id, (o) => code(o.state), (o) => o.status, (o) => o.updated_at],
    'orders',
  );
  renderTable(
    'appointments',
    view.appointments,
    [(a) => code(a.id), (a) => a.lifecycle, (a) => code(a.state), (a) => code(a.order_id), (a) => a.start_at],
    'appointments',
  );
  renderTable(
    'jobs',
    view.parsing_jobs,
    [(j) => code(j.id), (j) => code(j.state), (j) => j.scenario, (j) => j.updated_at],
    'parsing_jobs',
  );
  if (!shown && view.orders[0]) shown = { kind: 'orders', id: view.orders[0].id };
  if (shown) showLifecycle(shown.kind, shown.id);
}

function showLifecycle(kind, id) {
  const item = view[kind].find((x) => x.id === id);
  if (!item) return;
  shown = { kind, id };
  const svgText = diagrams[item.lifecycle];
  const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  for (const state of svg.querySelectorAll('.state')) {
    const current = state.dataset.state === item.state;
    state.classList.toggle('current', current);
    if (current) state.setAttribute('aria-current', 'step');
  }
  $('lifecycle-diagram').replaceChildren(document.importNode(svg, true));
  $('lifecycle-caption').textContent = `${item.lifecycle} ${item.id}: current state ${item.state}`;
}

async function loadDeliveries() {
  $('receiver').textContent = view.receiver
    ? `Receiver: ${view.receiver.url}`
    : 'No receiver configured (PUT /_sandbox/webhooks with your key).';
  const deliveries = await call(`worlds/${world}/deliveries`);
  const body = $('deliveries').querySelector('tbody');
  body.replaceChildren();
  for (const d of deliveries) {
    const row = document.createElement('tr');
    row.dataset.eventId = d.event_id;
    cell(row, d.attempted_at);
    const event = document.createElement('span');
    event.append(code(d.event_type), document.createElement('br'), code(d.event_id));
    cell(row, event);
    cell(row, String(d.attempt));
    cell(
      row,
      d.status === null ? `no answer: ${d.error}` : d.error ? `${d.status}: ${d.error}` : `${d.status}`,
    );
    if (d.signature === null) cell(row, 'not checked (no secret)');
    else if (d.signature.valid) cell(row, 'valid', 'valid signature');
    else cell(row, `invalid: ${d.signature.code}`, 'invalid signature');
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'Payload';
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(d.payload, null, 2);
    details.append(summary, pre);
    cell(row, details);
    cell(
      row,
      button('Resend', async () => {
        try {
          await call(`worlds/${world}/deliveries/${encodeURIComponent(d.event_id)}/resend`, {
            method: 'POST',
            body: '{}',
          });
          notice(`Event ${d.event_id} queued again.`);
          settle();
        } catch (error) {
          notice(error.message);
        }
      }),
    );
    body.append(row);
  }
}

/** Deliveries run after an answer: look again a few times (bounded) so their outcome shows. */
function settle() {
  let left = 5;
  const again = () =>
    setTimeout(async () => {
      await loadDeliveries();
      if (--left > 0) again();
    }, 400);
  again();
}

async function advance(seconds) {
  try {
    const result = await call(`worlds/${world}/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ seconds }),
    });
    notice(`Advanced to ${result.now}: ${result.fired} steps ran.`);
  } catch (error) {
    notice(error.message);
  }
  await loadWorld();
  settle();
}

async function start() {
  diagrams = await call('lifecycles');
  for (const b of document.querySelectorAll('[data-seconds]'))
    b.addEventListener('click', () => advance(Number(b.dataset.seconds)));
  $('world-select').addEventListener('change', (e) => {
    world = e.target.value;
    shown = undefined;
    loadWorld();
  });
  $('refresh').addEventListener('click', async () => {
    await loadWorlds();
    await loadWorld();
  });
  $('user-select').addEventListener('change', loadCharts);
  $('key-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('api-key');
    try {
      const found = await call('fingerprint', {
        method: 'POST',
        body: JSON.stringify({ api_key: input.value }),
      });
      input.value = '';
      world = found.world;
      shown = undefined;
      await loadWorlds();
      await loadWorld();
    } catch (error) {
      notice(error.message);
    }
  });
  await loadWorlds();
  await loadWorld();
}

window.addEventListener('load', start);
