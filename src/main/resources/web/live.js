// One journal live, shared by the gathering and link pages: the server forwards the daemon's events op
// as server-sent events (entries, and after each burst a fresh status); these pages only draw what arrives.
import { el, stateOf, streamTab } from './common.js';

// The conversation as it happens: numbered, attributed entries, and each member's delivery counts.
export class Conversation {
  constructor(list) {
    this.list = list;
    this.counts = new Map(); // member name -> {delivered, failed}
    this.gone = new Set();
    this.relays = 0;
    this.seen = new Map(); // member name -> number, as the entries name them
  }

  // Draws one entry; true when it changed a member's counts or presence.
  add(e) {
    if (e.event === 'relay' && e.from) this.seen.set(e.from, e.from_number ?? this.seen.get(e.from));
    if (e.event === 'delivery' && e.to && !this.seen.has(e.to)) this.seen.set(e.to, undefined);
    if (e.event === 'delivery') {
      // each message passes typing → delivered (→ confirmed): count it once, when it is delivered
      if (e.state === 'delivered') this.count(e.to, 'delivered');
      if (e.state === 'failed' || e.state === 'gone') this.count(e.to, 'failed');
      return true;
    }
    const left = e.event === 'leave' && (e.member || e.from);
    if (left) this.gone.add(left);
    const item = this.item(e);
    if (item) {
      const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
      this.list.append(item);
      if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    }
    return Boolean(left);
  }

  count(name, key) {
    const c = this.counts.get(name) || { delivered: 0, failed: 0 };
    c[key] += 1;
    this.counts.set(name, c);
  }

  item(e) {
    const n = el('span', { class: 'n' }, `#${e.n}`);
    const base = { dataset: { n: e.n, event: e.event } };
    switch (e.event) {
      case 'relay':
        this.relays += 1;
        return el('li', { ...base, class: 'relay' }, n,
          el('span', { class: 'who' }, `[${e.from}] (${e.from_number ?? '?'})`),
          el('span', { class: 'muted' }, ` · turn output ${this.relays}`),
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
      case 'start': case 'closing': case 'announce': case 'notice': case 'interrupted': case 'resumed': case 'duplicate':
        return el('li', { ...base, class: 'note' }, n, e.text || e.event);
      case 'join':
        return el('li', { ...base, class: 'note' }, n, `${e.from || e.member || 'a member'} joined`);
      default:
        return null;
    }
  }

  // The members as the entries name them, for a link that has closed (the daemon knows it no more).
  seenMembers() {
    return [...this.seen].map(([name, number]) => ({ name, number: number ?? '?', role: '', closed: true }));
  }

  // The members table's rows: state, and delivered, queued and failed counts; gone members stay listed.
  memberRows(members, holder) {
    const rows = members.map((m) => {
      const c = this.counts.get(m.name) || { delivered: 0, failed: 0 };
      const queued = ((m.delivery && m.delivery.pending) || []).filter((p) => p.state === 'queued').length;
      return el('tr', { dataset: { name: m.name }, class: m.name === holder ? 'current' : '' },
        el('td', {}, `${m.name} (${m.number}) `, el('span', { class: 'muted' }, m.role)),
        el('td', { class: 'member-state' }, this.gone.has(m.name) ? 'gone' : m.closed ? 'link closed' : stateOf(m)),
        el('td', { class: 'delivered' }, c.delivered), el('td', {}, queued),
        el('td', { class: c.failed ? 'bad' : '' }, c.failed));
    });
    const present = new Set(members.map((m) => m.name));
    for (const name of this.gone) {
      if (!present.has(name)) rows.push(el('tr', { dataset: { name } }, el('td', {}, name), el('td', {}, 'gone'), el('td'), el('td'), el('td')));
    }
    return rows;
  }
}

// Marks the page's connection badge as done: what it follows has closed, so it reads neither "live"
// nor "reconnecting…" (the stream stays open for a harvest that comes after the close).
export function finished(connection) {
  connection.dataset.finished = 'true';
  connection.textContent = '';
}

// Follows /api/events for one journal: `on` maps event names (entry, status, link) to handlers.
export function follow(query, connection, on) {
  const events = new EventSource(`/api/events?${query}&${streamTab()}`);
  // a closed link or gathering is its journal, no longer live: the page says "closed" only
  const say = (text) => { if (!connection.dataset.finished) connection.textContent = text; };
  events.addEventListener('open', () => say('live'));
  events.addEventListener('error', () => say('reconnecting…'));
  for (const [name, handle] of Object.entries(on)) {
    events.addEventListener(name, (m) => handle(JSON.parse(m.data)));
  }
  events.addEventListener('failure', (m) => {
    connection.textContent = JSON.parse(m.data).error;
    events.close();
  });
  return events;
}
