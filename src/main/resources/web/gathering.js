// One gathering, live: the server forwards the daemon's events op as server-sent events (entries, then
// the gathering's status after them); this page only draws what arrives. No polling.
import { get, post, el, replace, stateOf } from './common.js';

const id = new URLSearchParams(location.search).get('id');
const $ = (s) => document.getElementById(s);
const counts = new Map(); // member name -> {delivered, failed}
const gone = new Set();
let relays = 0;
let status = null;
let breath = [];
let machine = [];

$('title').textContent = id;
document.title = `${id} · gather`;

function count(name, key) {
  const c = counts.get(name) || { delivered: 0, failed: 0 };
  c[key] += 1;
  counts.set(name, c);
}

function entryItem(e) {
  const n = el('span', { class: 'n' }, `#${e.n}`);
  const base = { dataset: { n: e.n, event: e.event } };
  switch (e.event) {
    case 'relay':
      relays += 1;
      return el('li', { ...base, class: 'relay' }, n,
        el('span', { class: 'who' }, `[${e.from}] (${e.from_number ?? '?'})`),
        el('span', { class: 'muted' }, ` · turn output ${relays}`),
        el('div', { class: 'words' }, e.text));
    case 'phase':
      return el('li', { ...base, class: 'phase' }, n, e.text);
    case 'piece':
      return el('li', { ...base, class: 'piece' }, n, '→ ', e.text);
    case 'beat': case 'seed': case 'private':
      // private prompts are shown only as markers: their words are for the member they were sent to
      return el('li', { ...base, class: 'marker' }, n, el('span', { class: 'pill' }, 'private'), ` ${e.prompt || e.event} to ${e.to}; its words are not shown`);
    case 'out_of_turn':
      return el('li', { ...base, class: 'note' }, n, `${e.from} spoke without the piece; kept, not relayed`);
    case 'harvest':
      return el('li', { ...base, class: 'harvest' }, n, el('strong', {}, `Harvest by ${e.from}`),
        el('div', { class: 'words' }, e.text));
    case 'close':
      return el('li', { ...base, class: 'phase' }, n, `Closed: ${e.text || ''}`);
    case 'leave':
      return el('li', { ...base, class: 'note' }, n, e.text || `${e.member || e.from} left`);
    case 'start': case 'closing': case 'announce': case 'notice': case 'interrupted':
      return el('li', { ...base, class: 'note' }, n, e.text || e.event);
    case 'join':
      return el('li', { ...base, class: 'note' }, n, `${e.from || e.member || 'a member'} joined`);
    default:
      return null;
  }
}

function onEntry(e) {
  if (e.event === 'delivery') {
    // each message passes typing → delivered (→ confirmed): count it once, when it is delivered
    if (e.state === 'delivered') count(e.to, 'delivered');
    if (e.state === 'failed' || e.state === 'gone') count(e.to, 'failed');
    drawMembers();
    return;
  }
  if (e.event === 'leave' && (e.member || e.from)) gone.add(e.member || e.from);
  if (e.event === 'harvest') {
    $('harvest-section').hidden = false;
    $('harvest-by').textContent = `by ${e.from}`;
    $('harvest').textContent = e.text;
  }
  const item = entryItem(e);
  if (!item) return;
  const list = $('conversation');
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.append(item);
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function drawProgress() {
  if (!status) return;
  const phase = (status.phase || '').toUpperCase();
  const at = breath.findIndex((p) => p.phase.toUpperCase() === phase);
  const items = breath.map((p, i) => el('span', {
    class: i === at ? 'current' : (at >= 0 && i < at) || status.state === 'closed' ? 'done' : '',
    dataset: { phase: p.phase },
  }, i === at ? `${p.phase} · round ${status.round}/${status.rounds}` : `${p.phase} ×${p.rounds}`));
  replace($('progress'), items.length ? items : el('span', {}, status.phase || ''),
    status.beat ? el('span', { id: 'beat' }, `beat ${status.beat}`) : null);
}

function drawOrder() {
  if (!status) return;
  replace($('order'), (status.order || []).map((name) => el('li', {
    class: [name === status.holder ? 'holder' : '', gone.has(name) ? 'gone' : ''].join(' ').trim(),
    dataset: { name },
  }, name, name === status.holder ? ' — holds the piece' : '')));
  const to = $('pass-to');
  const chosen = to.value;
  replace(to, el('option', { value: '' }, 'to the next speaker'),
    (status.order || []).map((n) => el('option', { value: n }, `to ${n}`)));
  to.value = chosen;
}

function drawMembers() {
  if (!status) return;
  const rows = (status.members || []).map((m) => {
    const c = counts.get(m.name) || { delivered: 0, failed: 0 };
    const queued = ((m.delivery && m.delivery.pending) || []).filter((p) => p.state === 'queued').length;
    return el('tr', { dataset: { name: m.name }, class: m.name === status.holder ? 'current' : '' },
      el('td', {}, `${m.name} (${m.number}) `, el('span', { class: 'muted' }, m.role)),
      el('td', { class: 'member-state' }, gone.has(m.name) ? 'gone' : stateOf(m)),
      el('td', {}, c.delivered), el('td', {}, queued), el('td', { class: c.failed ? 'bad' : '' }, c.failed));
  });
  const present = new Set((status.members || []).map((m) => m.name));
  for (const name of gone) if (!present.has(name)) rows.push(el('tr', {}, el('td', {}, name), el('td', {}, 'gone'), el('td'), el('td'), el('td')));
  replace($('members').tBodies[0], rows);
}

function drawMachine() {
  if (!status) return;
  const now = (status.state || '').toUpperCase();
  replace($('machine').tBodies[0], machine.map((r) => el('tr', { class: r.from === now ? 'current' : '' },
    el('td', { class: r.from === now ? 'current' : '' }, r.from), el('td', {}, r.on), el('td', {}, r.guard),
    el('td', { class: r.to === now ? 'current' : '' }, r.to), el('td', {}, r.action))));
  $('state').textContent = status.state;
}

function onStatus(s) {
  const first = !status;
  status = s;
  if (first && s.rhythm) {
    get('/api/rhythms').then((all) => {
      breath = ((all.rhythms || []).find((r) => r.name === s.rhythm) || {}).breath || [];
      drawProgress();
    }).catch(() => {});
  }
  $('controls').hidden = s.state === 'closed';
  drawProgress(); drawOrder(); drawMembers(); drawMachine();
}

async function act(path, body, done) {
  const message = $('action-message');
  message.textContent = '';
  message.className = 'message';
  try {
    const answer = await post(path, body);
    message.textContent = done(answer);
    message.classList.add('ok');
  } catch (err) {
    message.textContent = err.message;
    message.classList.add('bad');
  }
}

$('say-button').addEventListener('click', () => {
  const text = $('say-text').value.trim();
  if (!text) return;
  act('/api/say', { gathering: id, text }, (a) => {
    $('say-text').value = '';
    return a.relayed ? 'said' : 'kept, not relayed: you do not hold the piece';
  });
});
$('pass-button').addEventListener('click', () =>
  act('/api/pass', { gathering: id, to: $('pass-to').value }, (a) => `the piece is with ${a.holder}`));
$('end-button').addEventListener('click', () =>
  act('/api/end', { gathering: id, now: false }, (a) => (a.state === 'harvesting' ? 'the harvester is asked' : 'ended')));
$('end-now-button').addEventListener('click', () =>
  act('/api/end', { gathering: id, now: true }, () => 'ended'));

get('/api/machine').then((m) => { machine = m.rows; drawMachine(); }).catch(() => {});

const events = new EventSource(`/api/events?gathering=${encodeURIComponent(id)}`);
events.addEventListener('open', () => { $('connection').textContent = 'live'; });
events.addEventListener('error', () => { $('connection').textContent = 'reconnecting…'; });
events.addEventListener('entry', (m) => onEntry(JSON.parse(m.data)));
events.addEventListener('status', (m) => onStatus(JSON.parse(m.data)));
events.addEventListener('failure', (m) => {
  $('connection').textContent = JSON.parse(m.data).error;
  events.close();
});
