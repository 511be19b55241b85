// Overview: what runs now (the daemon's status op) and what ran (its journals, through the events op).
import { get, post, el, replace, stateOf, localTime, streamTab } from './common.js';

const $ = (s) => document.getElementById(s);

function gatheringCard(g) {
  return el('div', { class: 'card gathering', dataset: { id: g.gathering_id } },
    el('h3', {}, el('a', { href: `/gathering?id=${encodeURIComponent(g.gathering_id)}` }, g.gathering_id)),
    el('div', {}, `rhythm ${g.rhythm} · ${g.state} · ${g.phase || ''} round ${g.round}/${g.rounds}`),
    el('div', {}, 'holder: ', el('strong', {}, g.holder || 'nobody'),
      (g.members || []).some((m) => m.name === g.holder && m.role === 'human') ? el('span', { class: 'pill holder your-turn-pill' }, 'your turn') : null),
    el('div', {}, (g.members || []).map((m) => el('span', {
      class: `pill${m.name === g.holder ? ' holder' : ''}`, title: stateOf(m),
    }, `${m.name} · ${stateOf(m)}`))),
    el('div', { class: 'muted' }, pendingLine(g.members || [])));
}

function pendingLine(members) {
  let queued = 0; let typing = 0; let unconfirmed = 0;
  for (const m of members) {
    for (const p of (m.delivery && m.delivery.pending) || []) {
      if (p.state === 'queued') queued += 1; else if (p.state === 'typing') typing += 1; else unconfirmed += 1;
    }
  }
  if (!queued && !typing && !unconfirmed) return 'no messages waiting';
  return [queued && `${queued} waiting to be typed`, typing && `${typing} being typed now`,
    unconfirmed && `${unconfirmed} typed, not yet confirmed`].filter(Boolean).join(', ');
}

function linkCard(l) {
  return el('div', { class: 'card link', dataset: { id: l.id } },
    el('h3', {}, el('a', { href: `/link?id=${encodeURIComponent(l.id)}` }, l.id)),
    el('div', {}, `rhythm ${l.rhythm} · ${l.turns_used}${l.turn_budget ? `/${l.turn_budget}` : ''} turns`),
    el('div', {}, (l.members || []).map((m) => el('span', { class: 'pill' }, `${m.name} · ${stateOf(m)}`))),
    el('div', { class: 'muted' }, pendingLine(l.members || [])));
}

function finishedCard(j) {
  return el('div', { class: 'card finished', dataset: { id: j.id } },
    el('h3', {}, el('a', { href: `/${j.gathering ? 'gathering' : 'link'}?id=${encodeURIComponent(j.id)}` }, j.id)),
    el('div', {}, `${j.rhythm || 'link'} · ${j.relays} relayed · started ${localTime(j.started)}`),
    el('div', { class: 'muted' }, j.closed),
    j.failed ? el('div', { class: 'bad' }, `${j.failed} failed deliveries`) : null,
    el('div', {}, `speakers: ${(j.speakers || []).join(', ') || 'none'}`),
    j.harvest ? el('details', {}, el('summary', {}, `harvest by ${j.harvest.from}`), el('pre', {}, j.harvest.text)) : null,
    el('details', { class: 'transcript', ontoggle: (ev) => loadTranscript(ev.target, j.id) },
      el('summary', {}, 'transcript'), el('pre', {}, '…')));
}

async function loadTranscript(details, id) {
  if (!details.open || details.dataset.loaded) return;
  details.dataset.loaded = '1';
  const t = await get(`/api/transcript?id=${encodeURIComponent(id)}`);
  const lines = (t.entries || []).filter((e) => ['relay', 'announce', 'harvest', 'close'].includes(e.kind))
    .map((e) => (e.kind === 'relay' || e.kind === 'harvest' ? `[${e.from}] ${e.text}` : `— ${e.text}`));
  details.querySelector('pre').textContent = lines.join('\n\n') || '(nothing relayed)';
}

let finishedIds = null;
const FINISHED_SHOWN = 10; // newest first; older ones stay in their journals (gather transcript)

async function draw() {
  try {
    const [status, journals] = await Promise.all([get('/api/status'), get('/api/journals')]);
    // a closed gathering is finished, not live: it is listed below with the others
    const gs = (status.gatherings || []).filter((g) => g.state !== 'closed');
    replace($('gatherings'), gs.length ? gs.map(gatheringCard) : el('p', { class: 'empty' }, 'none running'));
    const ls = (status.links || []).filter((l) => !gs.some((g) => g.gathering_id === l.id));
    replace($('links'), ls.length ? ls.map(linkCard) : el('p', { class: 'empty' }, 'none open'));
    const done = (journals.journals || []).filter((j) => j.closed).reverse().slice(0, FINISHED_SHOWN);
    const ids = done.map((j) => j.id).join(' ');
    // finished cards change only when one more finishes: an open transcript stays open across redraws
    if (ids !== finishedIds || !done.length) {
      finishedIds = ids;
      replace($('finished'), done.length ? done.map(finishedCard) : el('p', { class: 'empty' }, 'none yet'));
    }
    $('problem').textContent = status.tmux && !status.tmux.ok ? status.tmux.error : '';
  } catch (err) {
    $('problem').textContent = err.message;
  }
}

// Start a gathering: the daemon validates against the rhythm; its message goes next to the field it names.
async function setupStart() {
  const rhythms = (await get('/api/rhythms')).rhythms.filter((r) => !r.error && r.talking_piece);
  replace($('start-rhythm'), rhythms.map((r) => el('option', { value: r.name }, `${r.name} — ${r.description}`)));
  // the rhythms page's "start a gathering with it" names the rhythm just saved
  const wanted = new URLSearchParams(location.search).get('rhythm');
  if (rhythms.some((r) => r.name === wanted)) $('start-rhythm').value = wanted;
  $('start').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    document.querySelectorAll('.field-error').forEach((e) => { e.textContent = ''; });
    const form = new FormData(ev.target);
    const body = { rhythm: form.get('rhythm'), participants: participants(form.get('participants')) };
    if (form.get('question').trim()) body.question = form.get('question').trim();
    for (const k of ['beats_per_turn', 'beat_interval_seconds']) {
      const v = form.get(k).trim();
      if (v) body[k] = /^\d+$/.test(v) ? Number(v) : v;
    }
    try {
      const a = await post('/api/start', body);
      location.href = `/gathering?id=${encodeURIComponent(a.gathering_id)}`;
    } catch (err) {
      document.querySelector(`.field-error[data-field="${fieldOf(err.message)}"]`).textContent = err.message;
    }
  });
}

// The daemon checks the start against the rhythm and answers in one line; the line names what it is about.
function fieldOf(message) {
  if (/beats_per_turn|beats per turn|per_turn/.test(message)) return 'beats_per_turn';
  if (/interval/.test(message)) return 'beat_interval_seconds';
  if (/question/.test(message)) return 'question';
  if (/speaker|member|participant|harvester|human|agent|pane/.test(message)) return 'participants';
  return 'rhythm';
}

// One member a line as `gather start -p` takes it: name:role:agent (role and agent may be left out; an
// agent of the form %12 is a pane already running).
function participants(text) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const [name, role, agent] = splitSpec(l);
    const p = { name };
    if (role) p.role = role;
    if (/^%\d+$/.test(agent || '')) p.pane = agent;
    else if (agent) p.agent = agent;
    return p;
  });
}

// As the CLI splits it: at the first two colons only, so an agent's command line keeps its own.
function splitSpec(line) {
  const a = line.indexOf(':');
  if (a < 0) return [line];
  const b = line.indexOf(':', a + 1);
  return b < 0 ? [line.slice(0, a), line.slice(a + 1)] : [line.slice(0, a), line.slice(a + 1, b), line.slice(b + 1)];
}

// redrawn when any journal is written (the server follows the daemon's events op): no polling
const changes = new EventSource(`/api/changes?${streamTab()}`);
changes.addEventListener('changed', () => draw());
setupStart().catch((err) => { $('start-message').textContent = err.message; });
