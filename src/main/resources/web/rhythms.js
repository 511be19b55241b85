// Every installed rhythm: breath, beats, roles and prompts; one that does not load shows its lint error.
import { get, el, replace } from './common.js';

function card(r) {
  if (r.error) {
    return el('div', { class: 'card rhythm', dataset: { name: r.name } }, el('h3', {}, r.name),
      el('pre', { class: 'bad' }, r.error));
  }
  return el('div', { class: 'card rhythm', dataset: { name: r.name } },
    el('h3', {}, r.name), el('p', {}, r.description),
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

// The rhythm's Mermaid diagram (as docs/rhythms/ has it) drawn as its list of steps: no diagram library.
function flow(mermaid) {
  const steps = (mermaid || '').split('\n')
    .map((l) => l.match(/^\s*(\S+) --> (\S+)(?: : (.*))?$/))
    .filter(Boolean);
  return el('table', { class: 'flow' }, el('tr', {}, el('th', {}, 'from'), el('th', {}, 'to'), el('th', {}, 'when')),
    steps.map(([, from, to, when]) => el('tr', {}, el('td', {}, from), el('td', {}, to), el('td', {}, when || ''))));
}

get('/api/rhythms').then((all) => {
  replace(document.getElementById('rhythms'), el('div', { class: 'cards' }, all.rhythms.map(card)));
}).catch((err) => {
  replace(document.getElementById('rhythms'), el('p', { class: 'bad' }, err.message));
});
