// Shared by every page: the token for changes, JSON calls to this server, and a tiny element builder.
const token = document.querySelector('meta[name="gather-token"]').content;

export async function get(path) {
  const r = await fetch(path, { credentials: 'same-origin' });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || `${path}: ${r.status}`);
  return body;
}

// Every change is a POST with the token header; a page of another site can neither read the token nor set it.
export async function post(path, body) {
  const r = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-Gather-Token': token },
    body: JSON.stringify(body),
  });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok || answer.ok === false) throw new Error(answer.error || `${path}: ${r.status}`);
  return answer;
}

// el('li', {class: 'x', dataset: {n: 3}}, 'text', child…): text is always text, never markup.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function replace(target, ...children) {
  target.replaceChildren(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
}

// The daemon's channel state in words: busy is a member mid-turn, thinking.
export function stateOf(member) {
  const d = member.delivery;
  if (!d) return member.role === 'human' ? 'human (no pane)' : 'no pane';
  const word = d.state === 'busy' ? 'thinking' : d.state;
  const door = d.door && d.door !== 'keystrokes' ? ` via ${d.door}` : '';
  return d.note ? `${word}${door}; ${d.note}` : `${word}${door}`;
}

// A journal's time (ISO, to the nanosecond) as the reader's local date and time, to the second.
export function localTime(iso) {
  const d = new Date(String(iso || '').replace(/(\.\d{3})\d+/, '$1'));
  if (Number.isNaN(d.getTime())) return iso || '';
  return d.toLocaleString(undefined, {
    year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
}

// This page's stream names its tab and the page the tab showed before (kept in sessionStorage, which a
// reload keeps and a closed tab loses): the server ends that page's stream at once, whose browser left
// it, instead of holding it and its daemon connection until a heartbeat finds nobody listening.
export function streamTab() {
  const mine = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let before = null;
  try {
    before = sessionStorage.getItem('gather-stream-tab');
    sessionStorage.setItem('gather-stream-tab', mine);
  } catch (e) {
    // storage off: the heartbeat still finds the streams of pages that went away
  }
  const q = new URLSearchParams({ tab: mine });
  if (before) q.set('replaces', before);
  return q.toString();
}
