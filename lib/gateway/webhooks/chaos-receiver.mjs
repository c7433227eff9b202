// The chaos test's webhook receiver, in its own process so that its answers do not wait for the
// test process's event loop (PGlite runs on it). Answers 500 to a share of requests and stalls on
// another past the sender's timeout, from a seeded PRNG (mulberry32); reports every request to the
// parent over IPC, which verifies signatures and keeps the figures.
// argv: seed failRate stallRate stallMs
import http from "node:http";

const [seed, failRate, stallRate, stallMs] = process.argv.slice(2).map(Number);
let state = seed >>> 0;
const next = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const roll = next();
    const outcome = roll < stallRate ? "stall" : roll < stallRate + failRate ? "fail" : "ok";
    process.send?.({ type: "request", outcome, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    if (outcome === "stall") setTimeout(() => res.writeHead(200).end(), stallMs);
    else if (outcome === "fail") res.writeHead(500).end("injected failure");
    else res.writeHead(200).end("ok");
  });
});
server.on("clientError", (_err, socket) => socket.destroy());
server.listen(0, "127.0.0.1", () => process.send?.({ type: "listening", port: server.address().port }));
process.on("message", (m) => {
  if (m === "stop") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
