// Every installed rhythm: breath, beats, roles and prompts; one that does not load shows its lint error.
// Above them the user's own files ($GATHER_HOME/rhythms), each with its lint verdict: a broken one is
// listed with its errors, as `gather lint` prints them, even where a shipped rhythm of its name is used.
import { get, el, replace } from './common.js';
import { flow, setupEditor } from './studio.js';

function card(r) {
  if (r.error) {
    return el('div', { class: 'card rhythm', dataset: { name: r.name } }, el('h3', {}, r.name),
      el('pre', { class: 'bad' }, r.error));
  }
  return el('div', { class: 'card rhythm', dataset: { name: r.name } },
    el('h3', {}, r.name, r.yours ? el('span', { class: 'pill' }, 'yours') : null), el('p', {}, r.description),
    r.opening_question ? el('p', { class: 'muted' }, `Opening question: ${r.opening_question}`) : null,
    el('p', {}, `speakers ${r.speakers_min}–${r.speakers_max}, harvesters ${r.harvesters}, human ${r.human}`
      + (r.talking_piece ? ', talking piece' : '')),
    el('h4', {}, 'Breath'),
    r.breath.length
      ? el('table', {}, el('tr', {}, el('th', {}, 'phase'), el('th', {}, 'rounds'), el('th', {}, 'discipline')),
        r.breath.map((p) => el('tr', {}, el('td', {}, p.phase), el('td', {}, p.rounds), el('td', {}, p.discipline))))
      : el('p', { class: 'empty' }, 'none (a direct link)'),
    el('h4', {}, 'Beats'),
    el('p', {}, r.beats ? `${r.beats.per_turn} per turn, every ${r.beats.interval}, then ${r.beats.grace} grace` : 'none'),
    el('h4', {}, 'Flow'),
    flow(r.diagram),
    el('h4', {}, 'Prompts'),
    el('table', {}, Object.entries(r.prompts).map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', {}, el('pre', {}, v))))));
}

function lint(u) {
  return el('div', { class: 'card lint user-rhythm', dataset: { name: u.name, ok: u.ok } },
    el('h3', {}, u.name, ' ', el('span', { class: `pill ${u.ok ? 'ok' : 'bad'}` }, u.ok ? 'ok' : `${u.errors.length} error${u.errors.length === 1 ? '' : 's'}`)),
    el('div', { class: 'muted' }, u.file),
    u.ok ? null : el('pre', { class: 'lint-errors' }, u.errors.join('\n')));
}

function draw() {
  return get('/api/rhythms').then((all) => {
    replace(document.getElementById('yours'), all.user.length
      ? el('div', { class: 'cards' }, all.user.map(lint))
      : el('p', { class: 'empty' }, 'none: rhythms of your own go in $GATHER_HOME/rhythms'));
    replace(document.getElementById('rhythms'), el('div', { class: 'cards' }, all.rhythms.map(card)));
    return all;
  }).catch((err) => {
    replace(document.getElementById('rhythms'), el('p', { class: 'bad' }, err.message));
  });
}

// the editor opens once; the lists below it are drawn again after each save
draw().then((all) => all && setupEditor(all.rhythms)).catch((err) => {
  document.getElementById('edit-note').textContent = err.message;
});
document.addEventListener('rhythms-changed', () => draw());
