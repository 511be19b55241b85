// One gathering, live: its conversation and status as they arrive (live.js), the speaking order, the
// countdown to the next beat, the state machine, and the human member's say, pass and end. No polling.
import { get, post, el, replace } from './common.js';
import { Conversation, finished, follow } from './live.js';

const id = new URLSearchParams(location.search).get('id');
const $ = (s) => document.getElementById(s);
const conversation = new Conversation($('conversation'));
let status = null;
let breath = [];
let machine = [];
let beatAt = null; // performance.now() at which the next beat is due, or null when none is armed

$('title').textContent = id;
document.title = `${id} · gather`;

function onEntry(e) {
  if (e.event === 'start') {
    $('rhythm').textContent = e.rhythm || '';
    $('question').textContent = e.question || '';
  }
  if (e.event === 'harvest') {
    $('harvest-section').hidden = false;
    $('harvest-by').textContent = `by ${e.from}`;
    $('harvest').textContent = e.text;
  }
  if (conversation.add(e)) drawMembers();
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
    class: [name === status.holder ? 'holder' : '', conversation.gone.has(name) ? 'gone' : ''].join(' ').trim(),
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
  replace($('members').tBodies[0], conversation.memberRows(status.members || [], status.holder));
}

// The daemon dates the next beat by its own clock and says what that clock read (as_of): the page counts
// the difference down on its own monotonic clock, so a browser whose clock is off still counts right.
function armCountdown(s) {
  beatAt = s.next_beat_at == null ? null : performance.now() + (s.next_beat_at - s.as_of);
  drawCountdown();
}

function drawCountdown() {
  const box = $('next-beat');
  if (!status || status.state === 'closed' || status.state === 'harvesting' || status.state === 'seeding') {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (beatAt === null) {
    delete box.dataset.ms;
    box.textContent = status.state === 'final_beat'
      ? 'final beat: the turn ends after the grace'
      : 'next beat held: the holder is mid-turn';
    return;
  }
  const ms = Math.max(0, Math.round(beatAt - performance.now()));
  box.dataset.ms = ms;
  box.textContent = ms > 0 ? `next beat in ${Math.ceil(ms / 1000)} s` : 'beat due';
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
  if (s.state === 'closed') finished($('connection'));
  if (s.rhythm) $('rhythm').textContent = s.rhythm;
  // the person at this page is the human member: a clear cue when the piece is theirs
  const holder = (s.members || []).find((m) => m.name === s.holder);
  $('your-turn').hidden = !(holder && holder.role === 'human' && s.state !== 'closed');
  armCountdown(s);
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

follow(`gathering=${encodeURIComponent(id)}`, $('connection'), { entry: onEntry, status: onStatus });
setInterval(drawCountdown, 250);
