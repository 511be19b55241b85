// The rhythm editor: a rhythm's YAML (a shipped one read-only, to copy; the user's own editable), checked
// as it is typed by the same lint as `gather lint`, its diagram and its rehearsal in virtual time (as
// `gather rehearse` runs it) from the unsaved text, and Save to $GATHER_HOME/rhythms. Nothing here runs
// the text: the server parses it, and every string comes back into the page as text.
import { get, post, el, replace } from './common.js';

const $ = (s) => document.getElementById(s);
const LINT_AFTER_MS = 300;
let timer = null;
let asked = 0;

// The rhythm's Mermaid diagram (as docs/rhythms/ has it) as its list of steps: no diagram library is shipped.
export function flow(mermaid) {
  const steps = (mermaid || '').split('\n')
    .map((l) => l.match(/^\s*(\S+) --> (\S+)(?: : (.*))?$/))
    .filter(Boolean);
  return el('table', { class: 'flow' }, el('tr', {}, el('th', {}, 'from'), el('th', {}, 'to'), el('th', {}, 'when')),
    steps.map(([, from, to, when]) => el('tr', {}, el('td', {}, from), el('td', {}, to), el('td', {}, when || ''))));
}

function gutter(text, errors) {
  const marked = new Map();
  for (const e of errors) if (!marked.has(e.line)) marked.set(e.line, e.text);
  const lines = text.split('\n').length;
  const rows = [];
  for (let n = 1; n <= lines; n += 1) {
    rows.push(el('div', { class: marked.has(n) ? 'mark' : null, dataset: { line: n }, title: marked.get(n) }, n));
  }
  replace($('edit-gutter'), rows);
  $('edit-gutter').scrollTop = $('edit-text').scrollTop;
}

// Moves the caret to a marker's line and column, so the author lands on what to fix.
function goTo(line, column) {
  const t = $('edit-text');
  const lines = t.value.split('\n');
  let at = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i += 1) at += lines[i].length + 1;
  t.focus();
  t.setSelectionRange(at + column - 1, at + column - 1);
}

function at(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

function step(e) {
  let what;
  if (e.kind === 'private') what = `(private to ${e.to}, ${e.prompt}) ${e.text}`;
  else if (e.kind === 'relay' || e.kind === 'harvest') what = `[${e.from}] ${e.kind === 'harvest' ? 'harvest: ' : ''}${e.text}`;
  else if (e.kind === 'out_of_turn' || e.kind === 'late') what = `(${e.from} spoke ${e.kind === 'late' ? 'late' : 'without the piece'}) ${e.text}`;
  else what = `— ${e.text || e.kind}`;
  return el('li', { class: e.kind, dataset: { kind: e.kind } }, el('span', { class: 'at' }, at(e.at_ms || 0)), what.trim());
}

async function rehearse(body, mine) {
  const r = await post('/api/rhythm-rehearse', body);
  if (mine !== asked) return; // a rehearsal of older text
  replace($('edit-rehearsal'),
    el('p', { class: r.finished ? 'ok' : 'bad' }, `${r.finished ? 'finished' : 'did not finish'} after ${at(r.virtual_ms)} of virtual time`),
    (r.flags || []).map((f) => el('p', { class: 'bad flag' }, `flag: ${f}`)),
    el('ol', { class: 'timeline' }, (r.timeline || []).map(step)));
}

async function lint() {
  const mine = ++asked;
  const body = { name: $('edit-name').value.trim(), text: $('edit-text').value };
  const a = await post('/api/rhythm-lint', body);
  if (mine !== asked) return; // an answer to older text: a newer check is on its way
  gutter(body.text, a.errors);
  $('edit-verdict').textContent = a.clean ? 'lints clean' : `${a.errors.length} error${a.errors.length === 1 ? '' : 's'}`;
  $('edit-verdict').className = a.clean ? 'ok' : 'bad';
  replace($('edit-markers'), a.errors.map((e) => el('li', {
    class: 'marker', dataset: { line: e.line, column: e.column, rule: e.rule }, onclick: () => goTo(e.line, e.column),
  }, `line ${e.line}, column ${e.column}: ${e.message} [${e.rule}]`)));
  if (!a.clean) {
    replace($('edit-diagram'), el('p', { class: 'empty' }, 'shown when the rhythm lints clean'));
    replace($('edit-rehearsal'), el('p', { class: 'empty' }, 'shown when the rhythm lints clean'));
    return;
  }
  replace($('edit-diagram'), flow(a.diagram), el('details', {}, el('summary', {}, 'Mermaid source'), el('pre', {}, a.diagram)));
  await rehearse(body, mine).catch((err) => replace($('edit-rehearsal'), el('p', { class: 'bad' }, err.message)));
}

function soon() {
  clearTimeout(timer);
  timer = setTimeout(() => lint().catch((err) => { $('edit-verdict').textContent = err.message; }), LINT_AFTER_MS);
}

function editable(yes) {
  $('edit-text').readOnly = !yes;
  $('edit-copy').hidden = yes;
  $('edit-save').disabled = !yes;
}

async function open(name) {
  const s = await get(`/api/rhythm-source?name=${encodeURIComponent(name)}`);
  $('edit-text').value = s.text;
  $('edit-name').value = s.yours ? s.name : `my-${s.name}`;
  editable(s.yours);
  $('edit-note').textContent = s.yours
    ? `yours: ${s.file}`
    : 'shipped with gather: read-only. Copy to edit makes a rhythm of your own from it.';
  $('edit-message').textContent = '';
  soon();
}

// A copy is the user's own rhythm: it takes the name it will be saved as, in its name: line too.
function copy() {
  const name = $('edit-name').value.trim();
  $('edit-text').value = $('edit-text').value.replace(/^name:.*$/m, `name: ${name}`);
  editable(true);
  $('edit-note').textContent = `a copy, not saved yet: Save writes it to your rhythms as ${name}.yaml`;
  soon();
}

async function save() {
  $('edit-message').textContent = '';
  try {
    const a = await post('/api/rhythm-save', { name: $('edit-name').value.trim(), text: $('edit-text').value });
    replace($('edit-message'), el('span', { class: 'ok' }, `saved to ${a.file} `),
      el('a', { id: 'edit-start', href: `/?rhythm=${encodeURIComponent(a.name)}#start` }, 'start a gathering with it'));
    $('edit-note').textContent = `yours: ${a.file}`;
    document.dispatchEvent(new Event('rhythms-changed'));
  } catch (err) {
    replace($('edit-message'), el('span', { class: 'bad' }, err.message));
  }
}

/** Fills the editor's list from the library's names and opens the one the address names (?edit=), or the first. */
export async function setupEditor(rhythms) {
  replace($('edit-from'), rhythms.map((r) => el('option', { value: r.name }, r.yours ? `${r.name} (yours)` : r.name)));
  $('edit-text').addEventListener('input', () => { $('edit-message').textContent = ''; soon(); });
  $('edit-text').addEventListener('scroll', () => { $('edit-gutter').scrollTop = $('edit-text').scrollTop; });
  $('edit-from').addEventListener('change', () => open($('edit-from').value));
  $('edit-copy').addEventListener('click', copy);
  $('edit-save').addEventListener('click', save);
  const wanted = new URLSearchParams(location.search).get('edit');
  const first = rhythms.some((r) => r.name === wanted) ? wanted : (rhythms[0] || {}).name;
  if (first) {
    $('edit-from').value = first;
    await open(first);
  }
}
