// One plain link (a direct link of two, or any link without a gathering), live: its members with their
// states and delivery counts, and the conversation as it is relayed. No polling.
import { replace } from './common.js';
import { Conversation, finished, follow } from './live.js';

const id = new URLSearchParams(location.search).get('id');
const $ = (s) => document.getElementById(s);
const conversation = new Conversation($('conversation'));
let link = null;

$('title').textContent = id;
document.title = `${id} · gather`;

function draw() {
  if (!link) return;
  $('state').textContent = link.open ? 'open' : 'closed';
  if (!link.open) finished($('connection'));
  $('summary').textContent = link.open
    ? `rhythm ${link.rhythm} · ${link.turns_used}${link.turn_budget ? `/${link.turn_budget}` : ''} turns`
    : 'closed: the conversation below is its journal';
  // a closed link is known only from its journal: its members are those its entries name
  const members = link.open ? link.members : conversation.seenMembers();
  replace($('members').tBodies[0], conversation.memberRows(members || [], null));
}

function onLink(l) {
  link = l;
  draw();
}

follow(`link=${encodeURIComponent(id)}`, $('connection'), {
  entry: (e) => { if (conversation.add(e) || (link && !link.open)) draw(); },
  link: onLink,
});
