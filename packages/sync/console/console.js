// The console page: plain DOM and one canvas per resource (a users × days map is thousands of cells,
// which a canvas paints at once where as many elements would not); uPlot draws the time series.
// Every figure comes from the console's own /api/ reads; nothing is fetched from anywhere else.

const token = document.querySelector('meta[name="console-token"]').content;
/** Bottom to top in each day's column: what needs attention first. */
const STATES = ['failed', 'pending', 'complete', 'nothingSent'];
const LABELS = { complete: 'complete', pending: 'pending', failed: 'failed', nothingSent: 'nothing sent' };
const style = getComputedStyle(document.documentElement);
const COLORS = {
  complete: style.getPropertyValue('--complete').trim(),
  pending: style.getPropertyValue('--pending').trim(),
  failed: style.getPropertyValue('--failed').trim(),
  nothingSent: style.getPropertyValue('--nothing').trim(),
};
const HEIGHT = 120;
const DAY_MS = 86_400_000;

/** An element with attributes and children (text or elements): the page never parses HTML it builds. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

async function read(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

async function act(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-console-token': token },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

const dayAt = (from, index) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10);
const durationText = (ms) => {
  if (ms === null || ms === undefined) return '–';
  const s = Math.floor(ms / 1000);
  if (s >= 86_400) return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${s}s`;
};

function renderSummary(status) {
  const body = document.querySelector('#summary tbody');
  body.replaceChildren(
    ...Object.entries(status.resources).map(([resource, r]) =>
      el(
        'tr',
        { 'data-resource': resource },
        el('th', { scope: 'row' }, resource),
        el('td', { class: 'number', 'data-field': 'rows' }, r.rows),
        el('td', { class: 'number', 'data-field': 'users' }, r.users),
        el('td', { class: 'number', 'data-field': 'complete' }, r.complete),
        el('td', { class: 'number', 'data-field': 'behind' }, r.behind),
        el('td', { 'data-field': 'lag' }, durationText(r.lagMs)),
        el('td', { class: 'number', 'data-field': 'pending' }, r.pending),
        el('td', { class: 'number', 'data-field': 'failed' }, r.failed),
      ),
    ),
  );
  document.getElementById('totals').textContent =
    `Windows pending: ${status.pending}, failed: ${status.failed}; users failed: ${status.failedUsers}.`;
}

const BANDS = {
  upTo1h: 'up to 1 hour',
  upTo1d: 'up to 1 day',
  upTo7d: 'up to 7 days',
  upTo30d: 'up to 30 days',
  over30d: 'over 30 days',
};

/** How far users are behind, as bands with bars, and the users furthest behind by client user id. */
function renderFreshness(status) {
  const { users } = status;
  if (status.targetDay) document.getElementById('to').value = status.targetDay;
  document.getElementById('target').textContent =
    `Complete means every day stored through ${status.targetDay ?? status.target}: ${users.complete} of ${users.total} users are, ${users.behind} are behind.`;
  const most = Math.max(1, ...Object.values(users.behindBy));
  document.querySelector('#bands tbody').replaceChildren(
    ...Object.entries(BANDS).map(([band, label]) => {
      const bar = el('span', { class: 'bar' });
      bar.style.width = `${(users.behindBy[band] / most) * 300}px`;
      return el(
        'tr',
        { 'data-band': band },
        el('th', { scope: 'row' }, label),
        el('td', { class: 'number' }, users.behindBy[band]),
        el('td', {}, bar),
      );
    }),
  );
  document
    .getElementById('worst')
    .replaceChildren(
      ...users.worst.map((user) =>
        el(
          'li',
          { 'data-client-user-id': user.clientUserId ?? '' },
          el('strong', {}, user.clientUserId ?? `(user id ${user.userId})`),
          `: ${durationText(user.behindMs)} behind, complete until ${user.completeUntil}`,
        ),
      ),
    );
}

/**
 * A day's column, bottom to top in STATES order: each state's share of the users, at least one pixel
 * for a state any user is in (a single failed user among 10,000 stays visible).
 */
function segments(coverage, day) {
  const out = [];
  let bottom = HEIGHT;
  for (const state of STATES) {
    const count = coverage[state][day];
    if (count === 0) continue;
    const top = Math.max(0, bottom - Math.max(1, Math.round((count / coverage.users) * HEIGHT)));
    out.push({ state, top, bottom });
    bottom = top;
  }
  return out;
}

/** One resource's map: a column per day, its users stacked by state. */
function drawMap(canvas, coverage, width) {
  const days = coverage.complete.length;
  const column = width / days;
  const context = canvas.getContext('2d');
  context.clearRect(0, 0, canvas.width, canvas.height);
  for (let day = 0; day < days; day++) {
    const x = Math.floor(day * column);
    const w = Math.max(1, Math.floor((day + 1) * column) - x - (column > 3 ? 1 : 0));
    for (const { state, top, bottom } of segments(coverage, day)) {
      context.fillStyle = COLORS[state];
      context.fillRect(x, top, w, bottom - top);
    }
  }
}

/** The state under a point of the map: the segment the height falls in, else the nearest one. */
function stateAt(coverage, day, y) {
  const column = segments(coverage, day);
  return (column.find(({ top, bottom }) => y >= top && y < bottom) ?? column.at(-1))?.state;
}

async function showCell(resource, day, state) {
  const caption = document.getElementById('cell-caption');
  const list = document.getElementById('cell-users');
  caption.textContent = `Reading ${resource} on ${day}, ${LABELS[state]}…`;
  const query = new URLSearchParams({ resource, day, state });
  try {
    const { users } = await read(`/api/cell?${query}`);
    caption.textContent = `${resource} on ${day}, ${LABELS[state]}: ${users.length === 100 ? 'the first 100 users' : `${users.length} user${users.length === 1 ? '' : 's'}`}`;
    list.replaceChildren(
      ...users.map((user) =>
        el(
          'li',
          { 'data-client-user-id': user.clientUserId },
          el('strong', {}, user.clientUserId),
          user.windows.length === 0
            ? ': no window asked for this day'
            : `: ${user.windows
                .map(
                  (w) =>
                    `${w.provider} ${w.start}..${w.end} ${w.status}${w.error ? ` (${w.error}${w.errorStatus === null ? '' : ` ${w.errorStatus}`})` : ''}`,
                )
                .join('; ')}`,
        ),
      ),
    );
  } catch (error) {
    caption.textContent = `Could not read the cell: ${error.message}`;
  }
}

function renderResource(coverage) {
  const days = coverage.complete.length;
  const width = Math.min(1100, Math.max(days * 3, Math.min(days * 14, 1100)));
  const canvas = el('canvas', {
    width,
    height: HEIGHT,
    role: 'img',
    'aria-label': `${coverage.resource}: ${coverage.users} users over ${days} days from ${coverage.from} to ${coverage.to}; the same figures are in the table below`,
    'data-resource': coverage.resource,
  });
  drawMap(canvas, coverage, width);
  const axis = el('div', { class: 'axis' }, el('span', {}, coverage.from), el('span', {}, coverage.to));
  // Set through the CSSOM: the CSP refuses style attributes.
  axis.style.width = `${width}px`;
  canvas.addEventListener('click', (event) => {
    const bounds = canvas.getBoundingClientRect();
    const day = Math.min(days - 1, Math.floor(((event.clientX - bounds.left) / bounds.width) * days));
    const state = stateAt(coverage, day, ((event.clientY - bounds.top) / bounds.height) * HEIGHT);
    if (state) showCell(coverage.resource, dayAt(coverage.from, day), state);
  });
  const daySelect = el('select', { id: `day-${coverage.resource}`, name: 'day' });
  const stateSelect = el('select', { id: `state-${coverage.resource}`, name: 'state' });
  for (let day = 0; day < days; day++) daySelect.append(el('option', {}, dayAt(coverage.from, day)));
  for (const state of STATES) stateSelect.append(el('option', { value: state }, LABELS[state]));
  const form = el(
    'form',
    { class: 'pick' },
    el('label', { for: daySelect.id }, 'Day'),
    daySelect,
    el('label', { for: stateSelect.id }, 'State'),
    stateSelect,
    el('button', { type: 'submit' }, 'List users'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    showCell(coverage.resource, daySelect.value, stateSelect.value);
  });
  const rows = [];
  for (let day = 0; day < days; day++)
    rows.push(
      el(
        'tr',
        { 'data-day': dayAt(coverage.from, day) },
        el('th', { scope: 'row' }, dayAt(coverage.from, day)),
        ...STATES.map((state) => el('td', { class: 'number', 'data-state': state }, coverage[state][day])),
      ),
    );
  const table = el(
    'table',
    { 'data-coverage': coverage.resource },
    el('caption', {}, `${coverage.resource}: users per day and state`),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Day'),
        ...STATES.map((s) => el('th', { scope: 'col' }, LABELS[s])),
      ),
    ),
    el('tbody', {}, ...rows),
  );
  return el(
    'div',
    { class: 'resource' },
    el('h3', {}, `${coverage.resource} (${coverage.users} users)`),
    canvas,
    axis,
    form,
    el('details', {}, el('summary', {}, 'The same figures as a table'), table),
  );
}

function renderFailures(failures, actions) {
  const result = document.getElementById('action-result');
  const button = (label, action, clientUserId) => {
    const node = el('button', { type: 'button', 'data-action': action }, `${label} ${clientUserId}`);
    node.addEventListener('click', async () => {
      node.disabled = true;
      result.textContent = `${label} ${clientUserId}…`;
      try {
        const answer = await act(`/api/${action}`, { users: [clientUserId] });
        result.textContent = answer.message;
      } catch (error) {
        result.textContent = `${label} failed: ${error.message}`;
      }
      await refresh();
    });
    return node;
  };
  /** Retry and clear act on a user's failures, as the CLI's do (by client user id). */
  const userActions = (clientUserId) =>
    clientUserId === null
      ? []
      : actions
          .filter((a) => a === 'retry' || a === 'clear')
          .map((a) => button(a === 'retry' ? 'Retry' : 'Clear', a, clientUserId));
  document
    .querySelector('#failed-users tbody')
    .replaceChildren(
      ...failures.users.map((user) =>
        el(
          'tr',
          { 'data-client-user-id': user.clientUserId },
          el('td', {}, user.clientUserId),
          el('td', {}, user.error),
          el('td', {}, user.status ?? '–'),
          el('td', {}, user.message),
          el('td', {}, ...userActions(user.clientUserId)),
        ),
      ),
    );
  document
    .querySelector('#failed-windows tbody')
    .replaceChildren(
      ...failures.windows.map((w) =>
        el(
          'tr',
          { 'data-client-user-id': w.clientUserId ?? '' },
          el('td', {}, w.clientUserId ?? `(user id ${w.userId})`),
          el('td', {}, w.resource),
          el('td', {}, w.provider),
          el('td', {}, `${w.start}..${w.end}`),
          el('td', {}, w.error),
          el('td', {}, w.status ?? '–'),
          el('td', {}, w.message),
          el('td', {}, ...userActions(w.clientUserId)),
        ),
      ),
    );
}

/** Reads the store: the maps are drawn as soon as they arrive, the freshness figures when theirs do. */
async function refresh() {
  // The day complete is measured to, as `status --to`: from the address, so a reload keeps it.
  const to = new URLSearchParams(location.search).get('to');
  // One after the other: the store is read by one connection, and the maps should not wait behind the walk.
  const { coverage, failures, actions } = await read('/api/coverage');
  document.getElementById('coverage').replaceChildren(...coverage.map(renderResource));
  renderFailures(failures, actions);
  requestAnimationFrame(() => performance.mark('painted'));
  const fleet = await read(`/api/status${to ? `?${new URLSearchParams({ to })}` : ''}`);
  renderSummary(fleet);
  renderFreshness(fleet);
  document.getElementById('updated').textContent = `Read at ${new Date().toLocaleTimeString()}.`;
}

/** The newest run's heartbeats as the page saw them: the series uPlot draws (bounded: 30 minutes at 2 s). */
const live = {
  run: null,
  times: [],
  perSecond: [],
  limited: [],
  concurrency: [],
  rows: [],
  last: null,
  chart: null,
};
const LIVE_POINTS = 900;
/**
 * A heartbeat older than this means the run stopped without finishing (killed, machine gone): an idle
 * run still writes one every 30 s (run-heartbeat.ts, KEEPALIVE_MS).
 */
const STALE_MS = 75_000;

function liveChart() {
  const chart = document.getElementById('live-chart');
  return new uPlot(
    {
      width: Math.min(1100, chart.clientWidth || 900),
      height: 220,
      scales: { x: { time: true }, rows: {} },
      series: [
        {},
        { label: 'requests/s', stroke: '#0969da', width: 2 },
        { label: '429s/s', stroke: '#cf222e', width: 2 },
        { label: 'concurrency', stroke: '#8250df', width: 2 },
        { label: 'rows', stroke: '#1a7f37', width: 2, scale: 'rows' },
      ],
      axes: [{}, {}, { scale: 'rows', side: 1, grid: { show: false } }],
    },
    [[], [], [], [], []],
    chart,
  );
}

const KINDS = { backfill: 'backfill', worker: 'worker', webhooks: 'receiver' };

const counted = (count, noun) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * How an ended run ended, as its exit code tells it: what failed for good and what it left for the next
 * run (a backfill that exited 5 or 7 is not just "finished").
 */
function endedText(run) {
  const { windows, users } = run.progress;
  const told = [
    windows.failed > 0 && `${counted(windows.failed, 'window')} failed`,
    users?.failed > 0 && `${counted(users.failed, 'user')} failed`,
    windows.deferred > 0 && `${counted(windows.deferred, 'window')} left for the next run`,
    users?.deferred > 0 && `${counted(users.deferred, 'user')} left for the next run`,
  ].filter(Boolean);
  const ended = run.kind === 'backfill' ? 'finished' : 'stopped';
  return told.length > 0 ? `${ended} with ${told.join(', ')}` : ended;
}

/** Running, ended, or stopped without ending (its process gone: no heartbeat for STALE_MS). */
function runState(run, now) {
  const age = Date.parse(now) - Date.parse(run.at);
  if (run.progress.finished) return { live: false, text: endedText(run) };
  if (age > STALE_MS) return { live: false, text: `stopped: no heartbeat for ${durationText(age)}` };
  return { live: true, text: 'running' };
}

const queueWaiting = (queue) => (queue ? queue.wait + (queue.prioritized ?? 0) : '–');

/** Every run of the last day, one row each: several workers and a receiver at once. */
function renderRuns(runs, now) {
  document.querySelector('#runs tbody').replaceChildren(
    ...runs.map((run) => {
      const p = run.progress;
      return el(
        'tr',
        { 'data-run': run.run, 'data-kind': run.kind },
        el('th', { scope: 'row' }, `${KINDS[run.kind] ?? run.kind}${run.pid ? ` ${run.pid}` : ''}`),
        el('td', {}, run.started ?? '–'),
        el('td', { 'data-field': 'state' }, runState(run, now).text),
        el('td', { class: 'number', 'data-field': 'requestsPerSecond' }, p.requestsPerSecond.toFixed(1)),
        el('td', { class: 'number', 'data-field': 'rateLimited' }, p.rateLimited),
        el('td', { class: 'number', 'data-field': 'concurrency' }, p.concurrency),
        el('td', { class: 'number', 'data-field': 'windowsDone' }, p.windows.done),
        el('td', { class: 'number', 'data-field': 'rows' }, p.points),
        el('td', { class: 'number', 'data-field': 'queueWaiting' }, queueWaiting(run.queue)),
        el('td', { class: 'number', 'data-field': 'queueActive' }, run.queue ? run.queue.active : '–'),
      );
    }),
  );
}

async function pollLive() {
  const { now, runs } = await read('/api/live');
  renderRuns(runs, now);
  // The run charted stays the same while it runs; else the newest running one, else the newest.
  const shown =
    runs.find((run) => run.run === live.run && runState(run, now).live) ??
    runs.find((run) => runState(run, now).live) ??
    runs[0];
  const caption = document.getElementById('live-caption');
  if (!shown) return;
  const p = shown.progress;
  caption.textContent = `The ${shown === runs[0] ? 'newest' : 'charted'} ${KINDS[shown.kind] ?? shown.kind} (started ${shown.started ?? shown.at}): ${runState(shown, now).text}.`;
  document.getElementById('live-figures').replaceChildren(
    ...[
      ['requests/s', p.requestsPerSecond],
      ['429s', p.rateLimited],
      ['concurrency', p.concurrency],
      ['windows done', `${p.windows.done} of ${p.windows.planned}`],
      ['windows failed', p.windows.failed],
      ['rows', p.points],
      ...(shown.queue
        ? [
            ['queue waiting', queueWaiting(shown.queue)],
            ['queue active', shown.queue.active],
          ]
        : []),
    ].flatMap(([term, value]) => [el('dt', {}, term), el('dd', { 'data-figure': term }, value)]),
  );
  if (live.run !== shown.run)
    Object.assign(live, {
      run: shown.run,
      times: [],
      perSecond: [],
      limited: [],
      concurrency: [],
      rows: [],
      last: null,
    });
  if (live.last && live.last.at === shown.at) return;
  const t = Date.parse(shown.at) / 1000;
  const dt = live.last ? t - Date.parse(live.last.at) / 1000 : p.elapsedMs / 1000;
  const before = live.last?.progress ?? { requests: 0, rateLimited: 0 };
  live.times.push(t);
  live.perSecond.push(dt > 0 ? (p.requests - before.requests) / dt : 0);
  live.limited.push(dt > 0 ? (p.rateLimited - before.rateLimited) / dt : 0);
  live.concurrency.push(p.concurrency);
  live.rows.push(p.points);
  for (const series of [live.times, live.perSecond, live.limited, live.concurrency, live.rows])
    if (series.length > LIVE_POINTS) series.shift();
  live.last = shown;
  if (typeof uPlot === 'undefined') return;
  live.chart ??= liveChart();
  live.chart.setData([live.times, live.perSecond, live.limited, live.concurrency, live.rows]);
}

document.getElementById('complete-to').addEventListener('submit', (event) => {
  event.preventDefault();
  const to = document.getElementById('to').value;
  location.search = to ? `?${new URLSearchParams({ to })}` : '';
});

refresh().then(
  () => {
    document.body.dataset.state = 'ready';
    const poll = () => pollLive().catch(() => {});
    poll();
    setInterval(poll, 2_000);
  },
  (error) => {
    document.getElementById('updated').textContent = `Could not read the store: ${error.message}`;
    document.body.dataset.state = 'failed';
  },
);
