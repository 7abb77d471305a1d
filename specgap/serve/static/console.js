// specgap console: the policy in force, the rules not enforced and why, and a trace runner.
// Plain DOM code, no dependencies and no requests but to this server's own API.
"use strict";

const CATEGORIES = [
  "interface_validation", "authorization_check", "workflow_ordering_validation",
  "data_validation", "runtime_validation", "business_logic_validation",
];
const WHY = {
  review_only: "the rule is only partly grounded in its source; a reviewer confirms it first",
  eval_required: "an inferred business rule; it is enforced once evaluation proves it",
};
const state = { token: sessionStorage.getItem("specgap-token") || "", bundle: null,
  evaluation: null, traces: [], version: null };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function showError(text) {
  const box = document.getElementById("error");
  box.textContent = text || "";
  box.hidden = !text;
}

function rendered(payload) {
  const found = payload && payload.error && payload.error.diagnostics;
  return found ? found.map((d) => d.rendered).join("\n") : JSON.stringify(payload);
}

async function api(path, body) {
  const headers = {};
  if (state.token) headers.Authorization = "Bearer " + state.token;
  const init = { headers };
  if (body !== undefined) {
    init.method = "POST";
    headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const answer = await fetch(path, init);
  const payload = await answer.json().catch(() => null);
  if (answer.status === 401) document.getElementById("auth").hidden = false;
  if (!answer.ok) {
    const failure = new Error(rendered(payload));
    failure.payload = payload;
    throw failure;
  }
  return payload;
}

// --- the policy ------------------------------------------------------------------------

function span(source) {
  const s = source.span;
  return `${s.path}:${s.start_line}:${s.start_col}-${s.end_line}:${s.end_col}`;
}

function evidenceFor(agent, policyId) {
  const result = state.evaluation && state.evaluation.agents[agent];
  if (!result) return null;
  return result.rules.find((r) => r.policy === policyId) || null;
}

function evidenceLine(rule) {
  if (!rule) return el("div", { class: "muted" }, state.evaluation ? "no mutation evidence"
    : "mutation evidence loading…");
  const m = rule.mutants;
  const parts = [`mutants killed ${m.killed}, survived ${m.survived}, no coverage ${m.no_coverage}`];
  if (rule.tested_by.length) parts.push(`tested by ${rule.tested_by.join(", ")}`);
  if (rule.untested) parts.push("untested");
  return el("div", { class: "meta" }, parts.join(" · "));
}

function policyCard(agent, policy) {
  const sources = [policy.source, ...(policy.also_stated_at || [])];
  return el("div", { class: "card", "data-policy": policy.id },
    el("div", { class: "title" }, policy.title),
    el("div", {},
      el("span", { class: "badge " + policy.enforcement }, policy.enforcement),
      el("span", { class: "badge" }, policy.action),
      el("span", { class: "meta" }, `${policy.id} · ${policy.operator} → ${policy.target}`)),
    sources.map((s) => [el("blockquote", {}, s.quote),
      el("div", { class: "meta" }, `${span(s)} · ${s.grounding} · ${s.extractor}`)]),
    policy.message ? el("div", { class: "muted" }, "steer: " + policy.message) : null,
    evidenceLine(evidenceFor(agent, policy.id)));
}

function renderPolicy() {
  const agentId = document.getElementById("policy-agent").value;
  const agent = state.bundle.agents.find((a) => a.id === agentId);
  const box = document.getElementById("policies");
  box.replaceChildren();
  if (!agent) return;
  for (const category of CATEGORIES) {
    const policies = agent.policies.filter((p) => p.check_category === category);
    if (!policies.length) continue;
    box.append(el("h3", {}, `${category} (${policies.length})`),
      ...policies.map((p) => policyCard(agent.id, p)));
  }
  renderNotEnforced(agent);
}

function renderNotEnforced(agent) {
  const box = document.getElementById("not-enforced");
  box.replaceChildren();
  const rows = [];
  for (const policy of agent.policies.filter((p) => p.enforcement !== "enforce")) {
    const rule = evidenceFor(agent.id, policy.id);
    rows.push(el("div", { class: "card", "data-not-enforced": policy.id },
      el("div", { class: "title" }, policy.title),
      el("div", {}, el("span", { class: "badge " + policy.enforcement }, policy.enforcement),
        el("span", { class: "meta" }, `why: ${WHY[policy.enforcement] || policy.enforcement}` +
          ` (${policy.source.grounding} grounding` + (rule && rule.note ? `; ${rule.note})` : ")"))),
      el("blockquote", {}, policy.source.quote),
      el("div", { class: "meta" }, span(policy.source))));
  }
  const paths = new Set(agent.artifacts.map((a) => a.path));
  const diagnostics = state.bundle.diagnostics.filter((d) =>
    !d.span || paths.has(d.span.path));
  for (const d of diagnostics) {
    const where = d.span ? `${d.span.path}:${d.span.start_line}:${d.span.start_col}`
      : (d.path || "<input>") + ":1:1";
    rows.push(el("div", { class: "card", "data-diagnostic": d.code },
      el("pre", {}, `${where}: ${d.code}: ${d.message}` + (d.help ? `\n  help: ${d.help}` : ""))));
  }
  if (!rows.length) rows.push(el("div", { class: "muted" }, "every rule of this agent is enforced"));
  box.append(...rows);
}

// --- the trace runner ------------------------------------------------------------------

function eventsOf(doc) {
  if (Array.isArray(doc)) return doc;
  if (doc && Array.isArray(doc.events)) return doc.events;
  return null;
}

function eventIndex(origin) {
  const found = /#\/(?:events\/)?(\d+)/.exec(origin || "");
  return found ? Number(found[1]) : null;
}

function argsEditor(doc, index) {
  const events = eventsOf(doc);
  const event = events && events[index];
  if (!event || typeof event.args !== "object" || event.args === null) return "";
  return Object.entries(event.args).map(([key, value]) => {
    const input = el("input", { value: typeof value === "string" ? value : JSON.stringify(value),
      "data-arg": key, "data-event": String(index) });
    input.addEventListener("change", () => editArgument(index, key, input.value, value));
    return el("label", {}, key, input);
  });
}

function editArgument(index, key, text, old) {
  const area = document.getElementById("run-text");
  const doc = JSON.parse(area.value);
  let value = text;
  if (typeof old !== "string") {
    try { value = JSON.parse(text); } catch (_) { value = text; }
  }
  eventsOf(doc)[index].args[key] = value;
  area.value = JSON.stringify(doc, null, 2);
  runTrace();
}

function reasons(decision) {
  const hits = decision.hits.filter((h) => h.effect !== "observe" || decision.verdict !== "allow");
  return hits.map((h) => `${h.policy}: ${h.reason}` + (h.effect === "observe" ? " (observed)" : ""))
    .join("\n");
}

async function runTrace() {
  showError("");
  const text = document.getElementById("run-text").value;
  let doc;
  try { doc = JSON.parse(text); } catch (exc) { showError("the trace is not JSON: " + exc.message); return; }
  const agent = document.getElementById("run-agent").value;
  const sql = document.getElementById("run-sql").checked && agent === "sql";
  const body = { agent, format: document.getElementById("run-format").value };
  body[Array.isArray(doc) ? "events" : "trace"] = doc;
  const tbody = document.querySelector("#decisions tbody");
  const summary = document.getElementById("run-summary");
  tbody.replaceChildren();
  summary.textContent = "running…";
  let result;
  try {
    result = await api(sql ? "/api/sql/run-trace" : "/api/validate/trace", body);
  } catch (exc) {
    summary.textContent = "";
    showError(exc.message);
    return;
  }
  document.getElementById("output-head").hidden = !sql;
  for (const d of result.decisions) {
    const index = eventIndex(d.origin);
    const row = el("tr", { "data-verdict": d.verdict, "data-index": String(d.index) },
      el("td", {}, d.index),
      el("td", {}, d.event === "tool_call" ? `${d.name} (${d.tool || "unknown tool"})` : "message"),
      el("td", { class: "args" }, d.event === "tool_call" && index !== null ? argsEditor(doc, index) : ""),
      el("td", { class: "verdict-" + d.verdict }, d.verdict),
      el("td", {}, d.action),
      el("td", {}, el("pre", {}, reasons(d))));
    if (sql) row.append(el("td", {}, el("pre", {}, outputText(d))));
    tbody.append(row);
  }
  summary.textContent = `${result.events} events, ${result.denied} denied` +
    (sql ? `, ${result.ran} ran on the warehouse` : "") +
    ` (policy ${result.policy.revision.slice(0, 12)})`;
  summary.dataset.denied = String(result.denied);
  document.getElementById("run-diagnostics").replaceChildren(
    ...result.diagnostics.map((d) => el("pre", { class: "muted" }, d.rendered)));
}

function outputText(d) {
  if (d.sql_error) return d.sql_error.rendered;
  if (!d.ran) return d.tool && d.verdict === "deny" ? "not run" : "";
  if (d.output && Array.isArray(d.output.rows)) {
    return `${d.output.rows.length} rows\n` + d.output.rows.slice(0, 5).map((r) => JSON.stringify(r)).join("\n");
  }
  return JSON.stringify(d.output);
}

function fillTraces() {
  const agent = document.getElementById("run-agent").value;
  const pick = document.getElementById("run-pick");
  pick.replaceChildren(el("option", { value: "" }, "(paste below)"));
  for (const t of state.traces.filter((x) => x.agent === agent)) {
    pick.append(el("option", { value: t.path }, `${t.kind}: ${t.path}`));
  }
  document.getElementById("run-sql-label").hidden = agent !== "sql";
}

// --- start -----------------------------------------------------------------------------

async function loadVersion() {
  const v = await api("/api/policy/version");
  const box = document.getElementById("version");
  box.textContent = `policy ${v.path} · ${v.revision ? v.revision.slice(0, 12) : "none"} · built ${v.built_at || "?"}` +
    (v.status !== "ok" ? ` · ${v.status}` : "");
  box.classList.toggle("stale", v.status !== "ok");
  const stale = document.getElementById("stale");
  stale.hidden = !v.failed;
  if (v.failed) {
    stale.textContent = "The policy file changed but does not load; the last good policy is in force.\n" +
      v.failed.diagnostics.map((d) => d.rendered).join("\n");
  }
  const changed = state.version && state.version.sha256 !== v.sha256;
  state.version = v;
  return changed;
}

async function loadAll() {
  try {
    await loadVersion();
    state.bundle = await api("/api/policy");
  } catch (exc) {
    showError(exc.message);
    return;
  }
  for (const id of ["policy-agent", "run-agent"]) {
    const select = document.getElementById(id);
    const current = select.value;
    select.replaceChildren(...state.bundle.agents.map((a) => el("option", { value: a.id }, a.id)));
    if (current) select.value = current;
  }
  renderPolicy();
  api("/api/traces").then((found) => { state.traces = found; fillTraces(); })
    .catch(() => { state.traces = []; fillTraces(); });
  const status = document.getElementById("evidence-status");
  status.textContent = "mutation evidence: running the evaluation…";
  api("/api/evaluate").then((found) => {
    state.evaluation = found;
    status.textContent = `mutation score ${found.total.score === null ? "n/a" : Math.round(found.total.score * 100) + "%"}`;
    renderPolicy();
  }).catch((exc) => { status.textContent = "no mutation evidence: " + exc.message.split("\n")[0]; });
}

function start() {
  for (const button of document.querySelectorAll("nav button")) {
    button.addEventListener("click", () => {
      for (const b of document.querySelectorAll("nav button")) b.classList.toggle("active", b === button);
      for (const tab of document.querySelectorAll(".tab")) tab.hidden = tab.id !== "tab-" + button.dataset.tab;
    });
  }
  document.getElementById("policy-agent").addEventListener("change", renderPolicy);
  document.getElementById("run-agent").addEventListener("change", fillTraces);
  document.getElementById("run-pick").addEventListener("change", (event) => {
    const found = state.traces.find((t) => t.path === event.target.value);
    if (found) document.getElementById("run-text").value = found.text;
  });
  document.getElementById("run").addEventListener("click", runTrace);
  document.getElementById("token-save").addEventListener("click", () => {
    state.token = document.getElementById("token").value;
    sessionStorage.setItem("specgap-token", state.token);
    document.getElementById("auth").hidden = true;
    loadAll();
  });
  loadAll();
  // a reloaded policy shows without a page reload
  setInterval(() => { loadVersion().then((changed) => { if (changed) loadAll(); }).catch(() => {}); }, 3000);
}

start();
