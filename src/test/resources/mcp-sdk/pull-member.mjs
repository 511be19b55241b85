// A member without a pane, as a client written by others: the official TypeScript MCP SDK drives
// `gather mcp` (run from the test's class path), starts a gathering of sims (Ada and Bo in the
// test's own panes, Hal spawned from the test's agents.yaml), joins it as Pat at once, hears until it closes,
// says its piece whenever it holds it, and asks who is there. One JSON object per line on stdout
// for the Java test to check against the journal and the panes; any failure exits non-zero.
// Usage: node pull-member.mjs <java> <class path> <Ada's pane> <Bo's pane>
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [java, classPath, adaPane, boPane] = process.argv.slice(2);
const out = (o) => console.log(JSON.stringify(o));
function fail(message) {
  out({ fail: message });
  process.exit(1);
}
const text = (r) => r.content?.[0]?.text ?? "";

const env = { ...process.env };
delete env.TMUX_PANE;
delete env.TMUX;
delete env.GATHER_PANE;
const transport = new StdioClientTransport({
  command: java,
  args: ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classPath, "dev.gather.cli.Main", "mcp"],
  env,
  stderr: "inherit",
});
const client = new Client({ name: "gather-pull-member", version: "1" });
await client.connect(transport);

const notYet = await client.callTool({ name: "say", arguments: { text: "too early" } });
if (!notYet.isError || !text(notYet).startsWith("say: join a gathering or link first")) {
  fail(`say before join should be a tool error: ${JSON.stringify(notYet)}`);
}
const started = await client.callTool({
  name: "start_gathering",
  arguments: {
    rhythm: "minimal",
    beats_per_turn: 1,
    beat_interval_seconds: 10,
    grace_seconds: 10,
    participants: [
      { name: "Ada", pane: adaPane },
      { name: "Bo", pane: boPane },
      { name: "Hal", role: "harvester", agent: "harvester" },
    ],
  },
});
if (started.isError) fail(`start_gathering: ${text(started)}`);
const gathering = started.structuredContent.gathering_id;
out({ started: started.structuredContent });
const joined = await client.callTool({ name: "join", arguments: { gathering, name: "Pat" } });
if (joined.isError) fail(`join: ${text(joined)}`);
if (joined.structuredContent?.token) fail("the token reached the agent's result");
out({ joined: joined.structuredContent });
const start = joined.structuredContent.cursor;

const who = await client.callTool({ name: "who", arguments: {} });
if (who.isError) fail(`who: ${text(who)}`);
out({ who: who.structuredContent });

let spoke = 0;
let saidThisTurn = false;
let refused = false;
let closed = false;
const deadline = Date.now() + 150_000;
while (!closed && Date.now() < deadline) {
  const h = await client.callTool({ name: "hear", arguments: {} });
  if (h.isError) fail(`hear: ${text(h)}`);
  for (const e of h.structuredContent.entries) {
    out({ heard: e });
    if (e.kind === "close") closed = true;
  }
  const mine = h.structuredContent.you_hold_the_piece;
  if (!mine) saidThisTurn = false;
  if (!mine && !refused && !closed && h.structuredContent.holder) {
    // without the piece nothing is said, and the tool says why
    const r = await client.callTool({ name: "say", arguments: { text: "out of turn" } });
    if (!r.isError || !text(r).includes("only the holder is heard")) fail(`say without the piece: ${JSON.stringify(r)}`);
    refused = true;
  }
  if (mine && !saidThisTurn && !closed) {
    spoke++;
    const s = await client.callTool({
      name: "say",
      arguments: { text: `Pat from the TypeScript SDK, turn ${spoke}: all clear here. I pass the piece.` },
    });
    if (s.isError) fail(`say: ${text(s)}`);
    saidThisTurn = true;
    out({ said: spoke });
  }
  await new Promise((r) => setTimeout(r, 150));
}
if (!closed) fail("the gathering did not close within 150 s");

const once = await client.callTool({ name: "hear", arguments: { after: start } });
const again = await client.callTool({ name: "hear", arguments: { after: start } });
if (JSON.stringify(once.structuredContent.entries) !== JSON.stringify(again.structuredContent.entries)) {
  fail("the same cursor read different entries");
}
out({ reread: once.structuredContent.entries.length, refused });
await client.close();
out({ done: true });
